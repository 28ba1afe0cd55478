import { Inject, Injectable } from '@nestjs/common';
import type { IngestBatchJob, Viewer } from '@wave/analytics-ingest';
import {
  impressionRecord,
  pageViewRecord,
  rollupPathOf,
  viewerKeyOf,
} from '@wave/analytics-ingest';
import type { RecordImpressionsRequest, TrackPageViewRequest } from '@wave/contracts';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { addDays, utcDayOf } from '../maintenance/day-partitions.util';
import { rawEventsWindow, VIEWER_DAYS } from '../maintenance/partition-windows.util';
import type { PageViewRow, PostViewCandidate, WrittenBatch } from './ingest.repository';
import { IngestRepository } from './ingest.repository';
import { ViewBatcher } from './view-batcher';

export type BatchResult = WrittenBatch;

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

  /**
   * A page view, as the gateway's `POST /api/seo/track` sends it (the gateway batches those
   * itself); for the demo seed and the tests, which feed the ingest without a gateway.
   */
  trackPageView(request: TrackPageViewRequest, viewer: Viewer, now = new Date()): void {
    this.batcher.push(pageViewRecord(request, viewer, now));
  }

  /** Impressions of crawlers are not views: they are dropped. */
  recordImpressions(request: RecordImpressionsRequest, viewer: Viewer, now = new Date()): void {
    const record = impressionRecord(request, viewer, now);
    if (record) this.batcher.push(record);
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
}
