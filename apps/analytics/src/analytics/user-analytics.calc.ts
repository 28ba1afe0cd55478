import type { AnalyticsDailyStat, AnalyticsTopPost, UserAnalyticsResponse } from '@wave/contracts';

/** One hourly rollup of a user, placed in the reader's zone by the hour it starts. */
export interface LocalHourRow {
  /** `YYYY-MM-DD` in the reader's zone. */
  day: string;
  /** 0-23 in the reader's zone. */
  hour: number;
  views: number;
  likes: number;
  unlikes: number;
  replies: number;
  retweets: number;
  unretweets: number;
  follows: number;
  unfollows: number;
}

export interface UserAnalyticsInput {
  /** The days of the range, oldest first, the reader's today last. */
  days: string[];
  /** The days of the period before it, as many, oldest first. */
  previousDays: string[];
  rows: LocalHourRow[];
  /** The follower count now (the end of the range). */
  followersNow: number;
  topPosts: AnalyticsTopPost[];
  topHashtags: { tag: string; count: number }[];
}

const DAY_MS = 24 * 3600 * 1000;

/** The day `days` after (or before) a `YYYY-MM-DD` calendar day. */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `count` calendar days ending with `last`, oldest first. */
export const daysEndingWith = (last: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => shiftDay(last, index - count + 1));

/**
 * Growth in percent against the previous period, rounded to one decimal:
 * 0 when the previous period is 0 (nothing to compare with), so never
 * Infinity or NaN; -100 when it fell to 0.
 */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return 0;
  const percent = Math.round(((current - previous) / previous) * 1000) / 10;
  return percent === 0 ? 0 : percent;
}

/** Likes and retweets less those taken back, never below zero. */
const net = (given: number, takenBack: number) => Math.max(0, given - takenBack);

interface DayTotals {
  views: number;
  likes: number;
  unlikes: number;
  replies: number;
  follows: number;
  unfollows: number;
}

/** The personal analytics of one member, from their hourly rollups (pure). */
export function buildUserAnalytics(input: UserAnalyticsInput): UserAnalyticsResponse {
  const perDay = new Map<string, DayTotals>();
  const engagementByHour = Array.from({ length: 24 }, () => ({
    likes: 0,
    unlikes: 0,
    replies: 0,
    retweets: 0,
    unretweets: 0,
  }));
  const inRange = new Set(input.days);
  for (const row of input.rows) {
    const day = perDay.get(row.day) ?? {
      views: 0,
      likes: 0,
      unlikes: 0,
      replies: 0,
      follows: 0,
      unfollows: 0,
    };
    day.views += row.views;
    day.likes += row.likes;
    day.unlikes += row.unlikes;
    day.replies += row.replies;
    day.follows += row.follows;
    day.unfollows += row.unfollows;
    perDay.set(row.day, day);
    const hour = engagementByHour[row.hour];
    if (inRange.has(row.day) && hour) {
      hour.likes += row.likes;
      hour.unlikes += row.unlikes;
      hour.replies += row.replies;
      hour.retweets += row.retweets;
      hour.unretweets += row.unretweets;
    }
  }

  const statOf = (date: string): AnalyticsDailyStat => {
    const day = perDay.get(date);
    return {
      date,
      views: day?.views ?? 0,
      likes: day ? net(day.likes, day.unlikes) : 0,
      replies: day?.replies ?? 0,
    };
  };
  const dailyStats = input.days.map(statOf);
  const previousStats = input.previousDays.map(statOf);
  const sum = (stats: AnalyticsDailyStat[], key: 'views' | 'likes' | 'replies') =>
    stats.reduce((total, stat) => total + stat[key], 0);
  const netFollows = (day: string) => {
    const totals = perDay.get(day);
    return totals ? totals.follows - totals.unfollows : 0;
  };

  // Followers at the end of each day, counted back from now.
  const followerGrowth: { date: string; count: number }[] = [];
  let followers = input.followersNow;
  for (let index = input.days.length - 1; index >= 0; index -= 1) {
    const date = input.days[index] ?? '';
    followerGrowth.unshift({ date, count: Math.max(0, followers) });
    followers -= netFollows(date);
  }
  const followersAtStart = Math.max(0, followers);

  return {
    overview: {
      totalViews: sum(dailyStats, 'views'),
      totalLikes: sum(dailyStats, 'likes'),
      totalReplies: sum(dailyStats, 'replies'),
      totalFollowers: Math.max(0, input.followersNow),
      growth: {
        views: growthPercent(sum(dailyStats, 'views'), sum(previousStats, 'views')),
        likes: growthPercent(sum(dailyStats, 'likes'), sum(previousStats, 'likes')),
        replies: growthPercent(sum(dailyStats, 'replies'), sum(previousStats, 'replies')),
        followers: growthPercent(Math.max(0, input.followersNow), followersAtStart),
      },
    },
    topPosts: input.topPosts,
    dailyStats,
    demographics: {
      engagementByHour: engagementByHour.map((hour, index) => ({
        hour: index,
        engagement:
          net(hour.likes, hour.unlikes) + hour.replies + net(hour.retweets, hour.unretweets),
      })),
      topHashtags: input.topHashtags,
      followerGrowth,
    },
  };
}
