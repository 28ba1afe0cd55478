import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeoRecommendationsResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { SEO_RECOMMENDATIONS_REFRESH_MS, seoKeys } from './seo-keys';

/** GET /api/seo/recommendations: the most common advice over the member's analysed pages. */
export const getSeoRecommendations = (signal?: AbortSignal): Promise<SeoRecommendationsResponse> =>
  api.get<SeoRecommendationsResponse>('/api/seo/recommendations', signal);

export const seoRecommendationsQueryOptions = () =>
  queryOptions({
    queryKey: seoKeys.recommendations(),
    queryFn: ({ signal }) => getSeoRecommendations(signal),
    refetchInterval: SEO_RECOMMENDATIONS_REFRESH_MS,
  });

export const useSeoRecommendations = () => useQuery(seoRecommendationsQueryOptions());
