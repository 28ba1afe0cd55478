import { isbot } from 'isbot';
import type { RecordImpressionsRequest, TrackPageViewRequest } from '@wave/contracts';
import { USER_AGENT_MAX_LENGTH } from '@wave/contracts';
import { VISITOR_KEY_PATTERN } from '@wave/internal-auth';
import type { ViewRecord } from './ingest-queue';
import { postIdOfPage } from './page-path';

/** Who is viewing: a member, or a visitor as the gateway's key tells them apart. */
export interface Viewer {
  userId: string | null;
  /** The gateway's visitor key (`x-wave-visitor`), when it is well-formed. */
  visitor: string | null;
  /** The request's own User-Agent header. */
  userAgent: string;
}

/** A crawler, by either user agent it gave (the body's or the request's), per `isbot`. */
export const isCrawler = (...userAgents: string[]): boolean =>
  userAgents.some((userAgent) => userAgent.length > 0 && isbot(userAgent));

/** Which crawler it was: the user agent that gave it away (the body's first). */
const crawlerAgentOf = (bodyAgent: string, headerAgent: string): string =>
  isCrawler(bodyAgent)
    ? bodyAgent
    : Array.from(headerAgent).slice(0, USER_AGENT_MAX_LENGTH).join('');

const visitorOf = (viewer: Viewer): string | null =>
  viewer.visitor !== null && VISITOR_KEY_PATTERN.test(viewer.visitor) ? viewer.visitor : null;

/** How a view's viewer is told apart from others, for once per viewer, post and day. */
export const viewerKeyOf = (view: Pick<ViewRecord, 'userId' | 'visitor'>): string | null =>
  view.userId ? `u:${view.userId}` : view.visitor ? `v:${view.visitor}` : null;

/**
 * A page view (`POST /api/seo/track`) as the ingest keeps it: a crawler's (by either user
 * agent) counts apart and never as a view of a post; a `/tweet/{id}` page is a view of it.
 */
export function pageViewRecord(
  request: TrackPageViewRequest,
  viewer: Viewer,
  now = new Date(),
): ViewRecord {
  const crawler = isCrawler(request.userAgent, viewer.userAgent);
  const postId = crawler ? null : postIdOfPage(request.url);
  return {
    at: now.toISOString(),
    kind: crawler ? 'crawler' : 'page',
    url: request.url,
    postIds: postId ? [postId] : [],
    userId: viewer.userId,
    visitor: visitorOf(viewer),
    userAgent: crawler ? crawlerAgentOf(request.userAgent, viewer.userAgent) : null,
  };
}

/** Posts seen (`POST /api/analytics/impressions`); null for a crawler's (not views). */
export function impressionRecord(
  request: RecordImpressionsRequest,
  viewer: Viewer,
  now = new Date(),
): ViewRecord | null {
  if (isCrawler(viewer.userAgent)) return null;
  return {
    at: now.toISOString(),
    kind: 'impression',
    url: null,
    postIds: [...new Set(request.tweetIds.map((id) => id.toLowerCase()))],
    userId: viewer.userId,
    visitor: visitorOf(viewer),
    userAgent: null,
  };
}
