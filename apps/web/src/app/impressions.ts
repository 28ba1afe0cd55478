import { IMPRESSIONS_MAX_POSTS } from '../features/analytics/analytics-limits';
import { recordImpressions } from '../features/analytics/api/record-impressions';
import { ImpressionReporter, sessionStorageOrNull } from '../lib/impression-reporter';

/** The tab's impression reporter: posts seen, in batches, to the analytics service. */
export const createImpressionReporter = (): ImpressionReporter =>
  new ImpressionReporter({
    send: recordImpressions,
    maxPerCall: IMPRESSIONS_MAX_POSTS,
    storage: sessionStorageOrNull(),
  });
