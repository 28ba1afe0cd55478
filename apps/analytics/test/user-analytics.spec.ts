import { v7 as uuidv7 } from 'uuid';
import { RollupsRepository } from '../src/rollups/rollups.repository';
import { AnalyticsHarness } from './analytics-harness';

const DAY_MS = 24 * 3600 * 1000;
const todayStart = () => Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
/** `daysAgo` UTC days before today, at `hour`:`minute` UTC. */
const dayAt = (daysAgo: number, hour: number, minute = 0) =>
  new Date(todayStart() - daysAgo * DAY_MS + (hour * 60 + minute) * 60_000);
const dateOf = (daysAgo: number) => dayAt(daysAgo, 0).toISOString().slice(0, 10);

describe('personal analytics', () => {
  const sut = new AnalyticsHarness();
  const author = uuidv7();
  let p1: string;
  let p2: string;
  let p3: string;
  let deleted: string;

  const views = async (postId: string, at: Date, n: number) => {
    await sut.dataSource.transaction((manager) =>
      sut.app.get(RollupsRepository).add(manager, {
        posts: [{ postId, authorId: author, at, field: 'views', n }],
        users: [{ userId: author, at, field: 'views', n }],
      }),
    );
  };

  beforeAll(async () => {
    await sut.start('numbers');
    p1 = await sut.post(author, {
      content: 'first',
      hashtags: ['wave', 'news'],
      createdAt: dayAt(2, 9),
    });
    p2 = await sut.post(author, { content: 'second', hashtags: ['wave'], createdAt: dayAt(1, 9) });
    p3 = await sut.post(author, { content: 'old one', hashtags: ['old'], createdAt: dayAt(20, 9) });
    deleted = await sut.post(author, {
      content: 'gone',
      hashtags: ['gone'],
      createdAt: dayAt(1, 9),
    });
    // The views of the range (the rollups the ingest writes) ...
    await views(p3, dayAt(1, 10), 8);
    await views(p1, dayAt(1, 10), 5);
    await views(p2, dayAt(1, 11), 5);
    await views(deleted, dayAt(1, 11), 1);
    // ... and of the period before.
    await views(p3, dayAt(9, 10), 10);
    await sut.like(p1, author, dayAt(1, 12));
    await sut.like(p1, author, dayAt(1, 12));
    await sut.like(p2, author, dayAt(1, 12));
    await sut.like(p1, author, dayAt(1, 23, 30));
    await sut.reply(p3, author, dayAt(8, 10));
    await sut.reply(p3, author, dayAt(8, 10));
    for (let n = 0; n < 3; n += 1) await sut.follow(author, dayAt(10, 8));
    const fan = uuidv7();
    await sut.follow(author, dayAt(3, 8), fan);
    await sut.follow(author, dayAt(3, 8));
    await sut.unfollow(author, fan, dayAt(1, 8));
    await sut.publish('tweet.deleted', {
      tweetId: deleted,
      authorId: author,
      parentId: null,
      deletedAt: dayAt(1, 12).toISOString(),
    });
  });

  afterAll(() => sut.stop());

  it('totals the range and compares with the period before (0 to n gives 0, n to 0 gives -100)', async () => {
    const { overview } = await sut.analytics(author, '7d');
    expect(overview).toEqual({
      totalViews: 19,
      totalLikes: 4,
      totalReplies: 0,
      totalFollowers: 4,
      growth: { views: 90, likes: 0, replies: -100, followers: 33.3 },
    });
  });

  it('gives one entry per day of the range, zeros included', async () => {
    const { dailyStats } = await sut.analytics(author, '7d');
    expect(dailyStats.map((stat) => stat.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dateOf));
    expect(dailyStats.filter((stat) => stat.date !== dateOf(1))).toEqual(
      [6, 5, 4, 3, 2, 0].map((n) => ({ date: dateOf(n), views: 0, likes: 0, replies: 0 })),
    );
    expect(dailyStats.find((stat) => stat.date === dateOf(1))).toEqual({
      date: dateOf(1),
      views: 19,
      likes: 4,
      replies: 0,
    });
    expect((await sut.analytics(author, '30d')).dailyStats).toHaveLength(30);
    const ninety = await sut.analytics(author, '90d');
    expect(ninety.dailyStats).toHaveLength(90);
    expect(ninety.overview.totalViews).toBe(29);
    expect(ninety.overview.totalReplies).toBe(2);
  });

  it('ranks the posts published in the range by their views, then likes, without deleted posts', async () => {
    const { topPosts } = await sut.analytics(author, '7d');
    expect(topPosts).toEqual([
      {
        id: p1,
        content: 'first',
        views: 5,
        likes: 3,
        replies: 0,
        createdAt: dayAt(2, 9).toISOString(),
      },
      {
        id: p2,
        content: 'second',
        views: 5,
        likes: 1,
        replies: 0,
        createdAt: dayAt(1, 9).toISOString(),
      },
    ]);
  });

  it('shows each top post with its lifetime counts, views from before the range included', async () => {
    const { topPosts } = await sut.analytics(author, '30d');
    expect(topPosts.map((post) => [post.content, post.views, post.likes, post.replies])).toEqual([
      ['old one', 18, 0, 2],
      ['first', 5, 3, 0],
      ['second', 5, 1, 0],
    ]);
  });

  it("counts the hashtags of the member's posts made in the range", async () => {
    expect((await sut.analytics(author, '7d')).demographics.topHashtags).toEqual([
      { tag: 'wave', count: 2 },
      { tag: 'news', count: 1 },
    ]);
    expect((await sut.analytics(author, '30d')).demographics.topHashtags).toEqual([
      { tag: 'wave', count: 2 },
      { tag: 'news', count: 1 },
      { tag: 'old', count: 1 },
    ]);
  });

  it('counts followers at the end of each day', async () => {
    const { demographics } = await sut.analytics(author, '7d');
    expect(demographics.followerGrowth).toEqual([
      { date: dateOf(6), count: 3 },
      { date: dateOf(5), count: 3 },
      { date: dateOf(4), count: 3 },
      { date: dateOf(3), count: 5 },
      { date: dateOf(2), count: 5 },
      { date: dateOf(1), count: 4 },
      { date: dateOf(0), count: 4 },
    ]);
  });

  it("places engagement in the reader's hours and days", async () => {
    const utc = await sut.analytics(author, '7d', 'UTC');
    expect(utc.demographics.engagementByHour.filter((h) => h.engagement > 0)).toEqual([
      { hour: 12, engagement: 3 },
      { hour: 23, engagement: 1 },
    ]);
    // Tokyo is 9 hours ahead all year: 12:00 UTC is 21:00, and 23:30 UTC the next day's 08:30.
    const tokyo = await sut.analytics(author, '7d', 'Asia/Tokyo');
    expect(tokyo.demographics.engagementByHour.filter((h) => h.engagement > 0)).toEqual([
      { hour: 8, engagement: 1 },
      { hour: 21, engagement: 3 },
    ]);
    expect(tokyo.dailyStats.find((stat) => stat.date === dateOf(0))?.likes).toBe(1);
    expect(tokyo.dailyStats.find((stat) => stat.date === dateOf(1))?.likes).toBe(3);
    // Kolkata is 5:30 ahead: an hour counts in the local hour it starts in (23:00 UTC is 04:30).
    const kolkata = await sut.analytics(author, '7d', 'asia/kolkata');
    expect(kolkata.demographics.engagementByHour.filter((h) => h.engagement > 0)).toEqual([
      { hour: 4, engagement: 1 },
      { hour: 17, engagement: 3 },
    ]);
  });

  it('answers 401 to visitors, 403 for another member, 400 for a bad range, zone or id', async () => {
    const url = `/api/analytics/user/${author}/7d`;
    const visitor = await sut.call('GET', url, { as: null });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Authentication required' });
    const other = await sut.call('GET', url, { as: uuidv7() });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You can only see your own analytics' });
    for (const [path, message] of [
      [`/api/analytics/user/${author}/1y`, 'range must be one of: 7d, 30d, 90d'],
      [`${url}?tz=Mars%2FOlympus`, 'tz must be a time zone such as Europe/Paris or UTC'],
      ['/api/analytics/user/nope/7d', 'userId must be a valid id'],
    ] as const) {
      const answer = await sut.call('GET', path, { as: author });
      expect({ path, status: answer.statusCode, body: answer.json() }).toEqual({
        path,
        status: 400,
        body: { message },
      });
    }
  });

  it('answers zeros for a member with nothing yet', async () => {
    const newcomer = uuidv7();
    const analytics = await sut.analytics(newcomer, '30d');
    expect(analytics.overview).toEqual({
      totalViews: 0,
      totalLikes: 0,
      totalReplies: 0,
      totalFollowers: 0,
      growth: { views: 0, likes: 0, replies: 0, followers: 0 },
    });
    expect(analytics.topPosts).toEqual([]);
    expect(analytics.dailyStats).toHaveLength(30);
  });
});
