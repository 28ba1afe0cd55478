import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrendResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { TRENDS_DEFAULT_LIMIT } from '../search-limits';
import { STALE_TIME, trendKeys } from './search-keys';

/** GET /api/trends?limit=: the most used hashtags of the last 24 hours (may be empty). */
export const getTrends = (limit: number, signal?: AbortSignal): Promise<TrendResponse[]> =>
  api.get<TrendResponse[]>(`/api/trends?limit=${limit}`, signal);

export const trendsQueryOptions = (limit = TRENDS_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: trendKeys.list(limit),
    queryFn: ({ signal }) => getTrends(limit, signal),
    staleTime: STALE_TIME.trends,
  });

export const useTrends = (limit = TRENDS_DEFAULT_LIMIT) => useQuery(trendsQueryOptions(limit));

/** The live trends when there are any, else null (the caller shows its sample instead). */
export function liveTrends(
  trends: readonly TrendResponse[] | undefined,
): readonly TrendResponse[] | null {
  // Anything but a non-empty list (a proxy's error page, say) is no trends.
  if (!Array.isArray(trends) || trends.length === 0) return null;
  return trends as readonly TrendResponse[];
}
