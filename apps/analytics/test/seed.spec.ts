import { v7 as uuidv7 } from 'uuid';
import { DEMO_DAYS, DEMO_SIZES, generateDemoData } from '@wave/demo-data';
import { seedAnalytics } from '../src/seed/seed';
import { AnalyticsHarness } from './analytics-harness';

// Thirty days of views for six hundred posts.
jest.setTimeout(120_000);

describe(seedAnalytics.name, () => {
  const sut = new AnalyticsHarness();
  const now = new Date();
  const data = generateDemoData('default', now);
  const authorIds = new Map(data.members.map((member) => [member.username, uuidv7()]));
  const postIds = data.posts.map((post) => uuidv7({ msecs: post.at.getTime() }));
  const count = async (sql: string): Promise<number> =>
    (await sut.dataSource.query<{ n: number }[]>(sql))[0]?.n ?? 0;

  beforeAll(async () => {
    // Raw events for the whole month, as `npm start` keeps them; batches of 100 views, so that
    // the month's 9,000 page views are more batches than the batcher lets wait for Redis at once
    // (MAX_BATCHES_IN_FLIGHT): the seed must wait for them as it goes, or lose some.
    await sut.start('seed', { RAW_EVENTS_RETENTION_DAYS: '40', INGEST_BATCH_MAX_VIEWS: '100' });
    // The demo's posts, as timeline's relay announces them.
    for (const [index, post] of data.posts.entries()) {
      const parent = post.parent === null ? null : data.posts[post.parent]!;
      await sut.events.publish('analytics', 'tweet.created', {
        tweetId: postIds[index]!,
        authorId: authorIds.get(post.author)!,
        content: post.content,
        hashtags: [],
        mentions: [],
        imageUrls: [],
        parentId: parent ? postIds[post.parent!]! : null,
        createdAt: post.at.toISOString(),
      });
    }
  });

  afterAll(() => sut.stop());

  it('counts thirty days of page views and post views once the posts arrived, once', async () => {
    const seeded = await seedAnalytics(sut.config, { size: 'default', now });
    const pageViews = DEMO_SIZES.default.pageViewsPerDay * DEMO_DAYS;
    expect(seeded.pageViews).toBe(pageViews);
    expect(seeded.postViews).toBeGreaterThan(data.posts.length * 5);

    expect(await count(`SELECT sum(views)::int AS n FROM analytics.page_daily_stats`)).toBe(
      pageViews,
    );
    expect(
      await count(`SELECT count(DISTINCT day)::int AS n FROM analytics.page_daily_stats`),
    ).toBeGreaterThanOrEqual(DEMO_DAYS);
    // Today's and yesterday's through the ingest, which also counts post pages viewed then.
    const postViews = await count(`SELECT sum(views)::int AS n FROM analytics.post_daily_stats`);
    expect(postViews).toBeGreaterThanOrEqual(seeded.postViews);
    expect(postViews).toBeLessThan(seeded.postViews * 1.2);
    expect(await count(`SELECT sum(views)::int AS n FROM analytics.posts`)).toBe(postViews);
    expect(
      await count(`SELECT count(*)::int AS n FROM analytics.raw_events WHERE kind = 'post_view'`),
    ).toBe(postViews);

    expect(await seedAnalytics(sut.config, { size: 'default', now })).toEqual({
      pageViews: 0,
      postViews: 0,
    });
    expect(await count(`SELECT sum(views)::int AS n FROM analytics.page_daily_stats`)).toBe(
      pageViews,
    );
  });

  it('fills a member’s thirty-day dashboard', async () => {
    const ada = authorIds.get('ada')!;
    const dashboard = await sut.analytics(ada, '30d');
    expect(dashboard.overview.totalViews).toBeGreaterThan(0);
    expect(dashboard.dailyStats.filter((day) => day.views > 0).length).toBeGreaterThan(15);
    expect(dashboard.topPosts.length).toBeGreaterThan(0);
  });
});
