import type { UserAnalyticsResponse } from '@wave/contracts';
import {
  dayLabel,
  formatGrowth,
  growthKind,
  hourLabel,
  isEmptyAnalytics,
  peakHours,
} from './analytics-format';
import { makeAnalytics, emptyAnalytics } from './testing/analytics-test-utils';

describe('analytics format', () => {
  it('tells growth apart as positive, negative or zero, as shown to one decimal', () => {
    expect(
      [12.5, -4, 0, 0.04, -0.04, Number.NaN, Number.POSITIVE_INFINITY].map(growthKind),
    ).toEqual(['positive', 'negative', 'zero', 'zero', 'zero', 'zero', 'zero']);
    expect(formatGrowth(12.5)).toBe('+12.5%');
    expect(formatGrowth(12.46)).toBe('+12.5%');
    expect(formatGrowth(-4)).toBe('\u22124%');
    expect(formatGrowth(1500)).toBe('+1,500%');
    expect(formatGrowth(0)).toBe('0%');
    expect(formatGrowth(-0.01)).toBe('0%');
  });

  it('labels hours on a 12-hour clock', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual([
      '12 AM',
      '1 AM',
      '11 AM',
      '12 PM',
      '1 PM',
      '11 PM',
    ]);
  });

  it('keeps the 5 busiest hours, busiest first, each relative to the busiest', () => {
    const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, engagement: 0 }));
    const set = (hour: number, engagement: number) => (byHour[hour] = { hour, engagement });
    set(9, 40);
    set(13, 80);
    set(21, 20);
    set(0, 10);
    set(18, 40);
    set(7, 5);
    expect(peakHours(byHour)).toEqual([
      { hour: 13, label: '1 PM', engagement: 80, percentOfMax: 100 },
      { hour: 9, label: '9 AM', engagement: 40, percentOfMax: 50 },
      { hour: 18, label: '6 PM', engagement: 40, percentOfMax: 50 },
      { hour: 21, label: '9 PM', engagement: 20, percentOfMax: 25 },
      { hour: 0, label: '12 AM', engagement: 10, percentOfMax: 13 },
    ]);
    expect(peakHours(byHour.map(({ hour }) => ({ hour, engagement: 0 })))).toEqual([]);
  });

  it('reads a day as the reader’s calendar day', () => {
    expect(dayLabel('2026-03-04')).toBe('Mar 4');
    expect(dayLabel('2026-12-31')).toBe('Dec 31');
    expect(dayLabel('soon')).toBe('soon');
  });

  it('is empty only when there is nothing at all to show', () => {
    expect(isEmptyAnalytics(emptyAnalytics('7d'))).toBe(true);
    expect(isEmptyAnalytics(null)).toBe(true);
    expect(isEmptyAnalytics(makeAnalytics())).toBe(false);
    const followersOnly: UserAnalyticsResponse = emptyAnalytics('7d');
    followersOnly.overview.totalFollowers = 3;
    expect(isEmptyAnalytics(followersOnly)).toBe(false);
  });
});
