import type { AnalyticsRange } from '@wave/contracts';

/** Query keys of analytics: a root plus a factory (the Bluesky way). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  users: () => [...analyticsKeys.all, 'user'] as const,
  user: (userId: string, range: AnalyticsRange, timeZone: string) =>
    [...analyticsKeys.users(), userId, range, timeZone] as const,
  /** A post's view count (on its card and its page). */
  views: (tweetId: string) => [...analyticsKeys.all, 'views', tweetId] as const,
};

/** The dashboard is read again every 5 minutes while it is open (spec part 2, section 9). */
export const USER_ANALYTICS_REFRESH_MS = 5 * 60 * 1000;
