import { liveTrends, useTrends } from '../api/get-trends';
import type { TrendItem } from '../sample-trends';
import { postCountLabel } from '../search-format';

/** The trends to show: the live ones (the last 24 hours) when there are any, else the sample. */
export function useTrendItems(
  sample: readonly TrendItem[],
  limit?: number,
): {
  items: readonly TrendItem[];
  loading: boolean;
  live: boolean;
} {
  const trends = useTrends(limit);
  const live = liveTrends(trends.data);
  if (live) {
    return {
      items: live.map((trend) => ({
        name: trend.name,
        category: null,
        tweets: postCountLabel(trend.count),
      })),
      loading: false,
      live: true,
    };
  }
  return { items: sample, loading: trends.isPending, live: false };
}
