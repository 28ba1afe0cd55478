import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/analytics/impressions {tweetIds}: posts that were at least half on screen for a
 * second (at most 100 a call). Sent with `keepalive`, so a report made as the tab is hidden or
 * closed still arrives; as JSON, with the page's Origin, as every other call.
 */
export const recordImpressions = (tweetIds: readonly string[]): Promise<void> =>
  apiRequest<void>('POST', '/api/analytics/impressions', {
    body: { tweetIds },
    keepalive: true,
  });
