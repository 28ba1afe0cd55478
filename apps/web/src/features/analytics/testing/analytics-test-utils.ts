import type { AnalyticsRange, AnalyticsTopPost, UserAnalyticsResponse } from '@wave/contracts';
import { ANALYTICS_RANGE_DAYS } from '../analytics-limits';

/** `YYYY-MM-DD` of the day `daysAgo` before 2026-03-31. */
const day = (daysAgo: number): string => {
  const date = new Date(Date.UTC(2026, 2, 31 - daysAgo));
  return date.toISOString().slice(0, 10);
};

const days = (range: AnalyticsRange) =>
  Array.from({ length: ANALYTICS_RANGE_DAYS[range] }, (_, index) =>
    day(ANALYTICS_RANGE_DAYS[range] - 1 - index),
  );

let postCounter = 0;

export const makeTopPost = (overrides: Partial<AnalyticsTopPost> = {}): AnalyticsTopPost => {
  postCounter += 1;
  return {
    id: `0190a1b2-1111-7000-8000-${String(postCounter).padStart(12, '0')}`,
    content: `Post number ${postCounter}`,
    views: 100,
    likes: 10,
    replies: 1,
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
};

/** A range with nothing in it: zeros every day and every hour, no posts, no hashtags. */
export const emptyAnalytics = (range: AnalyticsRange = '30d'): UserAnalyticsResponse => ({
  overview: {
    totalViews: 0,
    totalLikes: 0,
    totalReplies: 0,
    totalFollowers: 0,
    growth: { views: 0, likes: 0, replies: 0, followers: 0 },
  },
  topPosts: [],
  dailyStats: days(range).map((date) => ({ date, views: 0, likes: 0, replies: 0 })),
  demographics: {
    engagementByHour: Array.from({ length: 24 }, (_, hour) => ({ hour, engagement: 0 })),
    topHashtags: [],
    followerGrowth: days(range).map((date) => ({ date, count: 0 })),
  },
});

/**
 * A lively range: the day numbers count up (day i has 10·i views, i likes, i % 3 replies), the
 * followers grow by one a day, and engagement peaks at 1 PM.
 */
export const makeAnalytics = (
  range: AnalyticsRange = '30d',
  overrides: Partial<UserAnalyticsResponse> = {},
): UserAnalyticsResponse => {
  const dates = days(range);
  return {
    overview: {
      totalViews: 12_345,
      totalLikes: 1_500_000,
      totalReplies: 321,
      totalFollowers: 42,
      growth: { views: 12.5, likes: -4, replies: 0, followers: 100 },
    },
    topPosts: [
      makeTopPost({ content: 'My best post', views: 5_400, likes: 320, replies: 12 }),
      makeTopPost({ content: 'Second best', views: 900, likes: 40, replies: 3 }),
    ],
    dailyStats: dates.map((date, index) => ({
      date,
      views: 10 * (index + 1),
      likes: index + 1,
      replies: (index + 1) % 3,
    })),
    demographics: {
      engagementByHour: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        engagement: { 13: 80, 9: 40, 18: 30, 21: 20, 0: 10, 7: 5 }[hour] ?? 0,
      })),
      topHashtags: [
        { tag: 'wave', count: 12 },
        { tag: 'typescript', count: 4 },
      ],
      followerGrowth: dates.map((date, index) => ({ date, count: 10 + index })),
    },
    ...overrides,
  };
};
