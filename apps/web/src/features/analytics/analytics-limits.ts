import type { AnalyticsRange } from '@wave/contracts';

/**
 * The ranges and limits of analytics, as `libs/contracts` (analytics.contract.ts) states them.
 * Mirrored here because a runtime import of the contracts would bundle zod and every schema
 * into the client; analytics-limits.spec.ts fails if they drift.
 */

export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const satisfies readonly AnalyticsRange[];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export const isAnalyticsRange = (value: string): value is AnalyticsRange =>
  (ANALYTICS_RANGES as readonly string[]).includes(value);

/** The range selector's words: '7 days', '30 days', '90 days'. */
export const rangeLabel = (range: AnalyticsRange): string => `${ANALYTICS_RANGE_DAYS[range]} days`;

/** Posts one impressions call may name (the server refuses more). */
export const IMPRESSIONS_MAX_POSTS = 100;

/** Posts one view-count call may name (the server refuses more). */
export const POST_VIEWS_MAX_IDS = 100;

/** The screen's own limits (spec part 2, section 9). */
export const PEAK_HOURS_SHOWN = 5;
export const DAILY_STATS_SHOWN = 7;
export const FOLLOWER_POINTS_SHOWN = 7;
