import type { LocalHourRow } from './user-analytics.calc';
import { buildUserAnalytics, daysEndingWith, growthPercent } from './user-analytics.calc';

const row = (day: string, hour: number, counts: Partial<LocalHourRow>): LocalHourRow => ({
  day,
  hour,
  views: 0,
  likes: 0,
  unlikes: 0,
  replies: 0,
  retweets: 0,
  unretweets: 0,
  follows: 0,
  unfollows: 0,
  ...counts,
});

describe(growthPercent.name, () => {
  it.each([
    [6, 4, 50],
    [0, 4, -100],
    [4, 0, 0],
    [0, 0, 0],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [4, 4, 0],
  ])('%p against %p is %p%%', (current, previous, expected) => {
    expect(growthPercent(current, previous)).toBe(expected);
  });
});

describe(buildUserAnalytics.name, () => {
  const days = daysEndingWith('2026-11-25', 3);
  const previousDays = daysEndingWith('2026-11-22', 3);

  it('fills every day of the range, zeros included, and compares with the period before', () => {
    const sut = buildUserAnalytics({
      days,
      previousDays,
      rows: [
        row('2026-11-24', 10, { views: 6, likes: 3, unlikes: 1, replies: 1 }),
        row('2026-11-21', 9, { views: 4, replies: 2 }),
      ],
      followersNow: 0,
      topPosts: [],
      topHashtags: [],
    });
    expect(days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(sut.dailyStats).toEqual([
      { date: '2026-11-23', views: 0, likes: 0, replies: 0 },
      { date: '2026-11-24', views: 6, likes: 2, replies: 1 },
      { date: '2026-11-25', views: 0, likes: 0, replies: 0 },
    ]);
    expect(sut.overview).toEqual({
      totalViews: 6,
      totalLikes: 2,
      totalReplies: 1,
      totalFollowers: 0,
      growth: { views: 50, likes: 0, replies: -50, followers: 0 },
    });
  });

  it('counts engagement by hour in the range only, likes and retweets less those taken back', () => {
    const sut = buildUserAnalytics({
      days,
      previousDays,
      rows: [
        row('2026-11-25', 8, { likes: 2, retweets: 3, unretweets: 1, replies: 1 }),
        row('2026-11-24', 8, { likes: 1, unlikes: 2 }),
        row('2026-11-20', 8, { likes: 50 }),
      ],
      followersNow: 0,
      topPosts: [],
      topHashtags: [],
    });
    expect(sut.demographics.engagementByHour).toHaveLength(24);
    expect(sut.demographics.engagementByHour[8]).toEqual({ hour: 8, engagement: 4 });
    expect(sut.demographics.engagementByHour.filter((hour) => hour.engagement > 0)).toHaveLength(1);
  });

  it('counts followers at the end of each day back from the count now', () => {
    const sut = buildUserAnalytics({
      days,
      previousDays,
      rows: [
        row('2026-11-23', 1, { follows: 2 }),
        row('2026-11-25', 1, { follows: 1, unfollows: 2 }),
      ],
      followersNow: 10,
      topPosts: [],
      topHashtags: [],
    });
    expect(sut.demographics.followerGrowth).toEqual([
      { date: '2026-11-23', count: 11 },
      { date: '2026-11-24', count: 11 },
      { date: '2026-11-25', count: 10 },
    ]);
    // 9 at the start of the range, 10 now.
    expect(sut.overview.growth.followers).toBe(11.1);
    expect(sut.overview.totalFollowers).toBe(10);
  });
});
