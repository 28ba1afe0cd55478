import { Inject, Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import type { RecordImpressionsRequest, TrackPageViewRequest } from '@wave/contracts';
import { USER_AGENT_MAX_LENGTH } from '@wave/contracts';
import { VISITOR_KEY_PATTERN } from '@wave/internal-auth';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { addDays, utcDayOf } from '../maintenance/day-partitions.util';
import { rawEventsWindow, VIEWER_DAYS } from '../maintenance/partition-windows.util';
import type { IngestBatchJob, ViewRecord } from './ingest.queue';
import type { PageViewRow, PostViewCandidate, WrittenBatch } from './ingest.repository';
import { IngestRepository } from './ingest.repository';
import { postIdOfPage, rollupPathOf } from './page-path.util';
import { ViewBatcher } from './view-batcher';

/** Who is viewing: a member, or a visitor as the gateway's key tells them apart. */
export interface Viewer {
  userId: string | null;
  /** The gateway's visitor key (`x-wave-visitor`), when it is well-formed. */
  visitor: string | null;
  /** The request's own User-Agent header. */
  userAgent: string;
}

export type BatchResult = WrittenBatch;

/** A crawler, by either user agent it gave (the body's or the request's), per `isbot`. */
export const isCrawler = (...userAgents: string[]): boolean =>
  userAgents.some((userAgent) => userAgent.length > 0 && isbot(userAgent));

/** Which crawler it was: the user agent that gave it away (the body's first). */
const crawlerAgentOf = (bodyAgent: string, headerAgent: string): string =>
  isCrawler(bodyAgent)
    ? bodyAgent
    : Array.from(headerAgent).slice(0, USER_AGENT_MAX_LENGTH).join('');

/** How a view's viewer is told apart from others, for once per viewer, post and day. */
const viewerKeyOf = (view: ViewRecord): string | null =>
  view.userId ? `u:${view.userId}` : view.visitor ? `v:${view.visitor}` : null;

/**
 * Page views and impressions: accepted at once into the batcher (no I/O on the
 * request), written in batches by the ingest worker.
 */
@Injectable()
export class IngestService {
  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly batcher: ViewBatcher,
    private readonly repository: IngestRepository,
  ) {}

  trackPageView(request: TrackPageViewRequest, viewer: Viewer, now = new Date()): void {
    const crawler = isCrawler(request.userAgent, viewer.userAgent);
    const postId = crawler ? null : postIdOfPage(request.url);
    this.batcher.push({
      at: now.toISOString(),
      kind: crawler ? 'crawler' : 'page',
      url: request.url,
      postIds: postId ? [postId] : [],
      userId: viewer.userId,
      visitor: this.visitorOf(viewer),
      userAgent: crawler ? crawlerAgentOf(request.userAgent, viewer.userAgent) : null,
    });
  }

  /** Impressions of crawlers are not views: they are dropped. */
  recordImpressions(request: RecordImpressionsRequest, viewer: Viewer, now = new Date()): void {
    if (isCrawler(viewer.userAgent)) return;
    this.batcher.push({
      at: now.toISOString(),
      kind: 'impression',
      url: null,
      postIds: [...new Set(request.tweetIds.map((id) => id.toLowerCase()))],
      userId: viewer.userId,
      visitor: this.visitorOf(viewer),
      userAgent: null,
    });
  }

  /** Writes one batch (the ingest worker's job). */
  writeBatch(job: IngestBatchJob, now: Date): Promise<WrittenBatch> {
    const pages: PageViewRow[] = [];
    const postViews: PostViewCandidate[] = [];
    // Who saw a post is kept for VIEWER_DAYS days: views of older days cannot be
    // told apart from those already counted, so they are not counted again.
    const oldestViewerDay = addDays(utcDayOf(now), -(VIEWER_DAYS - 1));
    for (const view of job.views) {
      const at = new Date(view.at);
      if (view.kind !== 'impression' && view.url !== null) {
        pages.push({
          at,
          url: view.url,
          path: rollupPathOf(view.url),
          crawler: view.kind === 'crawler',
          userId: view.userId,
          viewer: view.kind === 'crawler' ? null : viewerKeyOf(view),
          userAgent: view.userAgent,
        });
      }
      const viewer = viewerKeyOf(view);
      const day = utcDayOf(at);
      if (view.kind === 'crawler' || viewer === null || day < oldestViewerDay) continue;
      for (const postId of view.postIds) {
        postViews.push({ at, day, postId, viewer, userId: view.userId });
      }
    }
    return this.repository.writeBatch(
      job.batchId,
      pages,
      postViews,
      rawEventsWindow(this.config, now),
    );
  }

  private visitorOf(viewer: Viewer): string | null {
    return viewer.visitor !== null && VISITOR_KEY_PATTERN.test(viewer.visitor)
      ? viewer.visitor
      : null;
  }
}
