import * as contracts from '@wave/contracts';
import {
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  IMPRESSIONS_MAX_POSTS,
  isAnalyticsRange,
  POST_VIEWS_MAX_IDS,
  rangeLabel,
} from './analytics-limits';

describe('analytics limits', () => {
  it('mirror the contract', () => {
    expect(ANALYTICS_RANGES).toEqual(contracts.ANALYTICS_RANGES);
    expect(ANALYTICS_RANGE_DAYS).toEqual(contracts.ANALYTICS_RANGE_DAYS);
    expect(DEFAULT_ANALYTICS_RANGE).toBe(contracts.DEFAULT_ANALYTICS_RANGE);
    expect(IMPRESSIONS_MAX_POSTS).toBe(contracts.IMPRESSIONS_MAX_POSTS);
    expect(POST_VIEWS_MAX_IDS).toBe(contracts.POST_VIEWS_MAX_IDS);
  });

  it('name the ranges as the selector shows them, and know only those', () => {
    expect(ANALYTICS_RANGES.map(rangeLabel)).toEqual(['7 days', '30 days', '90 days']);
    expect(isAnalyticsRange('90d')).toBe(true);
    expect(isAnalyticsRange('1y')).toBe(false);
    for (const range of ANALYTICS_RANGES) {
      expect(contracts.userAnalyticsParamsSchema.shape.range.safeParse(range).success).toBe(true);
    }
  });
});
