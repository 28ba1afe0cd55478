import { Injectable } from '@nestjs/common';
import type { AnalyticsRange, UserAnalyticsResponse } from '@wave/contracts';
import { ANALYTICS_RANGE_DAYS } from '@wave/contracts';
import { AnalyticsException } from '../common/analytics.exception';
import { buildUserAnalytics, daysEndingWith, shiftDay } from './user-analytics.calc';
import { UserAnalyticsRepository } from './user-analytics.repository';

/** Earlier than any zone's local midnight of a day (UTC+14 is the furthest ahead). */
const LEAD_MS = 15 * 3600 * 1000;

/** The zone's canonical name (zone names are matched whatever their case) and its date of `now`. */
export function localToday(timeZone: string, now: Date): { zone: string; today: string } {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const part = (type: string) => format.formatToParts(now).find((p) => p.type === type)?.value;
  return {
    zone: format.resolvedOptions().timeZone,
    today: `${part('year')}-${part('month')}-${part('day')}`,
  };
}

/**
 * A member's own analytics over the last 7, 30 or 90 days in their zone (today
 * included), compared with the period of the same length before.
 */
@Injectable()
export class UserAnalyticsService {
  constructor(private readonly repository: UserAnalyticsRepository) {}

  async forUser(
    readerId: string,
    userId: string,
    range: AnalyticsRange,
    timeZone: string,
    now = new Date(),
  ): Promise<UserAnalyticsResponse> {
    if (readerId !== userId) throw new AnalyticsException('NOT_YOUR_ANALYTICS');
    const length = ANALYTICS_RANGE_DAYS[range];
    const { zone, today } = localToday(timeZone, now);
    const days = daysEndingWith(today, length);
    const previousDays = daysEndingWith(shiftDay(today, -length), length);
    const firstDay = days[0] ?? today;
    const from = new Date(Date.parse(`${previousDays[0] ?? firstDay}T00:00:00Z`) - LEAD_MS);
    const [rows, followersNow, topPosts, topHashtags] = await Promise.all([
      this.repository.hourlyRows(userId, zone, from),
      this.repository.followers(userId),
      this.repository.topPosts(userId, firstDay, zone),
      this.repository.topHashtags(userId, firstDay, zone),
    ]);
    const window = new Set([...previousDays, ...days]);
    return buildUserAnalytics({
      days,
      previousDays,
      rows: rows.filter((row) => window.has(row.day)),
      followersNow,
      topPosts,
      topHashtags,
    });
  }
}
