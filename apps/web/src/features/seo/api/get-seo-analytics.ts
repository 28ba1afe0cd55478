import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeoAnalyticsResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { SEO_ANALYTICS_REFRESH_MS, seoKeys } from './seo-keys';

/**
 * GET /api/seo/analytics: the page views and analyses of the member's own public pages (their
 * profile, their posts, the communities they own).
 */
export const getSeoAnalytics = (signal?: AbortSignal): Promise<SeoAnalyticsResponse> =>
  api.get<SeoAnalyticsResponse>('/api/seo/analytics', signal);

export const seoAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: seoKeys.analytics(),
    queryFn: ({ signal }) => getSeoAnalytics(signal),
    refetchInterval: SEO_ANALYTICS_REFRESH_MS,
  });

export const useSeoAnalytics = () => useQuery(seoAnalyticsQueryOptions());
