import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, UserAnalyticsResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { analyticsKeys, USER_ANALYTICS_REFRESH_MS } from './analytics-keys';

/**
 * GET /api/analytics/user/{userId}/{range}?tz=: the member's own analytics over 7, 30 or 90
 * days, engagement by hour counted in the reader's time zone.
 */
export const getUserAnalytics = (
  userId: string,
  range: AnalyticsRange,
  timeZone: string,
  signal?: AbortSignal,
): Promise<UserAnalyticsResponse> =>
  api.get<UserAnalyticsResponse>(
    `/api/analytics/user/${encodeURIComponent(userId)}/${range}?tz=${encodeURIComponent(timeZone)}`,
    signal,
  );

export const userAnalyticsQueryOptions = (
  userId: string,
  range: AnalyticsRange,
  timeZone: string,
) =>
  queryOptions({
    queryKey: analyticsKeys.user(userId, range, timeZone),
    queryFn: ({ signal }) => getUserAnalytics(userId, range, timeZone, signal),
    refetchInterval: USER_ANALYTICS_REFRESH_MS,
  });

/** While another range loads, the last one stays on screen (no flash back to the skeleton). */
export const useUserAnalytics = (userId: string, range: AnalyticsRange, timeZone: string) =>
  useQuery({
    ...userAnalyticsQueryOptions(userId, range, timeZone),
    placeholderData: keepPreviousData,
  });
