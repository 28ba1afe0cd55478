import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Recommendation, RecommendationContentType } from '@wave/contracts';
import { api } from '../../../lib/api-client';

/** The server keeps a member's list 5 minutes (spec); so does the client. */
export const RECOMMENDATIONS_STALE_MS = 5 * 60 * 1000;

export const recommendationKeys = {
  all: ['recommendations'] as const,
  list: (max: number, contentType: RecommendationContentType | null) =>
    [...recommendationKeys.all, { max, contentType }] as const,
};

/** GET /api/ai/recommendations: the member's best `max` items, of one kind if asked. */
export const getRecommendations = (
  max: number,
  contentType: RecommendationContentType | null,
  signal?: AbortSignal,
): Promise<Recommendation[]> => {
  const search = new URLSearchParams({ maxRecommendations: String(max) });
  if (contentType) search.set('contentType', contentType);
  return api.get<Recommendation[]>(`/api/ai/recommendations?${search.toString()}`, signal);
};

export const recommendationsQueryOptions = (
  max: number,
  contentType: RecommendationContentType | null = null,
) =>
  queryOptions({
    queryKey: recommendationKeys.list(max, contentType),
    queryFn: ({ signal }) => getRecommendations(max, contentType, signal),
    staleTime: RECOMMENDATIONS_STALE_MS,
    // 'Show more' asks for more: the shorter list stays while the longer one loads.
    placeholderData: keepPreviousData,
  });

export const useRecommendations = (
  max: number,
  contentType: RecommendationContentType | null = null,
  enabled = true,
) => useQuery({ ...recommendationsQueryOptions(max, contentType), enabled });

/**
 * A dismissed item leaves every list the client holds (the widget, 'Who to follow', the new
 * member's welcome), as the server leaves it out of every later one.
 */
export function forgetRecommendation(
  queryClient: QueryClient,
  item: Pick<Recommendation, 'contentId' | 'contentType'>,
): void {
  queryClient.setQueriesData<Recommendation[]>({ queryKey: recommendationKeys.all }, (list) =>
    list?.filter(
      (other) => other.contentId !== item.contentId || other.contentType !== item.contentType,
    ),
  );
}

/**
 * The member followed, joined or liked something: every list is read again when next shown (the
 * server leaves out what the member follows at once), without reloading the ones on screen.
 */
export function markRecommendationsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: recommendationKeys.all, refetchType: 'none' });
}
