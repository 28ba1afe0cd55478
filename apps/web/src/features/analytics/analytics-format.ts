import type { UserAnalyticsResponse } from '@wave/contracts';
import { format } from 'date-fns';
import { DAILY_STATS_SHOWN, FOLLOWER_POINTS_SHOWN, PEAK_HOURS_SHOWN } from './analytics-limits';

/** A growth badge's kind (spec part 2, section 4): positive, negative or zero. */
export type GrowthKind = 'positive' | 'negative' | 'zero';

/** Growth in percent, to one decimal (never NaN or Infinity: those read as 0). */
const roundGrowth = (percent: number): number =>
  Number.isFinite(percent) ? Math.round(percent * 10) / 10 : 0;

/** The kind of the growth as shown: what rounds to 0.0 % is zero. */
export function growthKind(percent: number): GrowthKind {
  const rounded = roundGrowth(percent);
  if (rounded > 0) return 'positive';
  if (rounded < 0) return 'negative';
  return 'zero';
}

/** '+12.5%', '−4%' (a minus sign), '0%'. */
export function formatGrowth(percent: number): string {
  const rounded = roundGrowth(percent);
  const value = Math.abs(rounded).toLocaleString('en-US', { maximumFractionDigits: 1 });
  switch (growthKind(percent)) {
    case 'positive':
      return `+${value}%`;
    case 'negative':
      return `\u2212${value}%`;
    case 'zero':
      return '0%';
  }
}

/** An hour of the day (0-23) on a 12-hour clock: '12 AM', '9 AM', '12 PM', '3 PM'. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const onClock = hour % 12 === 0 ? 12 : hour % 12;
  return `${onClock} ${suffix}`;
}

export interface PeakHour {
  hour: number;
  label: string;
  engagement: number;
  /** Share of the busiest hour's engagement, 0-100: the bar's length. */
  percentOfMax: number;
}

/**
 * The top 5 hours by engagement (spec part 2: peak engagement hours), busiest first (an earlier
 * hour first on a tie), each bar relative to the maximum. Hours without engagement are left out.
 */
export function peakHours(
  engagementByHour: UserAnalyticsResponse['demographics']['engagementByHour'],
): PeakHour[] {
  const top = engagementByHour
    .filter((entry) => entry.engagement > 0)
    .sort((a, b) => b.engagement - a.engagement || a.hour - b.hour)
    .slice(0, PEAK_HOURS_SHOWN);
  const max = top[0]?.engagement ?? 0;
  return top.map((entry) => ({
    hour: entry.hour,
    label: hourLabel(entry.hour),
    engagement: entry.engagement,
    percentOfMax: max > 0 ? Math.round((entry.engagement / max) * 100) : 0,
  }));
}

/** The last 7 days of daily stats (spec part 2, section 9). */
export const recentDailyStats = (data: UserAnalyticsResponse) =>
  data.dailyStats.slice(-DAILY_STATS_SHOWN);

/** The last 7 follower growth points (spec part 2, section 9). */
export const recentFollowerGrowth = (data: UserAnalyticsResponse) =>
  data.demographics.followerGrowth.slice(-FOLLOWER_POINTS_SHOWN);

/** A `YYYY-MM-DD` day (the reader's own calendar day) as 'Mar 4'; the text itself if unreadable. */
export function dayLabel(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  return format(new Date(Number(year), Number(month) - 1, Number(day)), 'MMM d');
}

/**
 * Nothing to show (the spec's 'No analytics data available' state): no views, likes, replies or
 * followers in the range, no posts, no hashtags and no engagement at any hour.
 */
export function isEmptyAnalytics(data: UserAnalyticsResponse | null | undefined): boolean {
  if (!data) return true;
  const { overview, topPosts, dailyStats, demographics } = data;
  return (
    overview.totalViews === 0 &&
    overview.totalLikes === 0 &&
    overview.totalReplies === 0 &&
    overview.totalFollowers === 0 &&
    topPosts.length === 0 &&
    dailyStats.every((day) => day.views === 0 && day.likes === 0 && day.replies === 0) &&
    demographics.topHashtags.length === 0 &&
    demographics.engagementByHour.every((entry) => entry.engagement === 0)
  );
}

/** The reader's time zone (engagement by hour is counted in it), UTC when the runtime has none. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
