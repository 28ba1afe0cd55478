import { Client } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { eventually } from '@wave/testing';
import { IngestService } from '../src/ingest/ingest.service';
import { MAINTENANCE_QUEUE, MaintenanceWorker } from '../src/maintenance/maintenance.worker';
import { PartitionsRepository } from '../src/maintenance/partitions.repository';
import { AnalyticsHarness, BROWSER, visitorKey } from './analytics-harness';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('analytics ingest', () => {
  const sut = new AnalyticsHarness();
  const author = uuidv7();

  beforeAll(() => sut.start('ingest'));
  afterAll(() => sut.stop());

  const pageViews = async (path: string) => {
    const rows: { views: number; crawler_views: number }[] = await sut.dataSource.query(
      `SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(crawler_views), 0)::int AS crawler_views
       FROM page_daily_stats WHERE path = $1`,
      [path],
    );
    return rows[0];
  };
  const postViews = async (postId: string) => {
    const rows: { views: number }[] = await sut.dataSource.query(
      `SELECT coalesce(sum(views), 0)::int AS views FROM post_daily_stats WHERE post_id = $1`,
      [postId],
    );
    return rows[0]?.views;
  };
  const authorViews = async (userId: string) => {
    const rows: { hourly: number; daily: number }[] = await sut.dataSource.query(
      `SELECT (SELECT coalesce(sum(views), 0) FROM user_hourly_stats WHERE user_id = $1)::int AS hourly,
              (SELECT coalesce(sum(views), 0) FROM user_daily_stats WHERE user_id = $1)::int AS daily`,
      [userId],
    );
    return rows[0];
  };

  it('writes page views from visitors and members in batches', async () => {
    const batchesBefore = await sut.ingestQueue.getJobCountByTypes('completed');
    for (let index = 0; index < 40; index += 1) {
      sut.track('/explore?q=batch', index % 2 ? { as: uuidv7() } : { visitor: visitorKey(index) });
    }
    await sut.settleViews();
    expect(await pageViews('/explore')).toEqual({ views: 40, crawler_views: 0 });
    const batches = (await sut.ingestQueue.getJobCountByTypes('completed')) - batchesBefore;
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(10);
    const raw: { n: number }[] = await sut.dataSource.query(
      `SELECT count(*)::int AS n FROM raw_events WHERE kind = 'page_view' AND path = '/explore?q=batch'`,
    );
    expect(raw[0]?.n).toBe(40);
  });

  it('refuses an empty impressions report (400)', async () => {
    const answer = await sut.call('POST', '/api/analytics/impressions', { body: { tweetIds: [] } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'tweetIds must name at least one post' });
  });

  it('counts crawlers apart, never as views of a post', async () => {
    const post = await sut.post(author);
    sut.track(`/tweet/${post}`, { userAgent: GOOGLEBOT, visitor: visitorKey(1) });
    // A crawler's user agent in the request header counts too, whatever the body says.
    sut.track(`/tweet/${post}`, {
      userAgent: BROWSER,
      headerUserAgent: 'curl/8.5.0',
      visitor: visitorKey(2),
    });
    // Impressions from a crawler are not views either.
    await sut.impressions([post], { visitor: visitorKey(3), userAgent: GOOGLEBOT });
    await sut.settleViews();
    expect(await pageViews(`/tweet/${post}`)).toEqual({ views: 0, crawler_views: 2 });
    expect(await postViews(post)).toBe(0);
    const raw: { user_agent: string }[] = await sut.dataSource.query(
      `SELECT user_agent FROM raw_events WHERE kind = 'crawler_view' AND path = $1 ORDER BY user_agent`,
      [`/tweet/${post}`],
    );
    expect(raw.map((row) => row.user_agent)).toEqual([GOOGLEBOT, 'curl/8.5.0']);
  });

  it('counts each viewer once per post and day, by member id or visitor key', async () => {
    const post = await sut.post(author);
    const other = await sut.post(author);
    const member = uuidv7();
    sut.track(`/tweet/${post}`, { as: member });
    sut.track(`/tweet/${post}?from=home`, { as: member });
    await sut.impressions([post, post, other], { as: member });
    sut.track(`/tweet/${post}`, { visitor: visitorKey(100) });
    await sut.impressions([post], { visitor: visitorKey(100) });
    await sut.impressions([post], { visitor: visitorKey(101) });
    // A visitor without the gateway's key cannot be told apart: not counted.
    await sut.impressions([post]);
    await sut.impressions([post], { visitor: 'not-a-key' });
    await sut.settleViews();
    expect(await postViews(post)).toBe(3);
    expect(await postViews(other)).toBe(1);
    expect(await pageViews(`/tweet/${post}`)).toEqual({ views: 3, crawler_views: 0 });
    // Again in another batch: still once per viewer.
    await sut.impressions([post], { as: member });
    await sut.settleViews();
    expect(await postViews(post)).toBe(3);
  });

  it('keeps views of a post it has not heard of, and counts them for its author when it arrives', async () => {
    const writer = uuidv7();
    const post = uuidv7();
    await sut.impressions([post], { visitor: visitorKey(200) });
    sut.track(`/tweet/${post}`, { as: uuidv7() });
    await sut.settleViews();
    expect(await postViews(post)).toBe(0);
    await sut.post(writer, { id: post });
    expect(await postViews(post)).toBe(2);
    expect(await authorViews(writer)).toEqual({ hourly: 2, daily: 2 });
  });

  it('does not count views of a deleted post', async () => {
    const post = await sut.post(author);
    await sut.publish('tweet.deleted', {
      tweetId: post,
      authorId: author,
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    await sut.impressions([post], { visitor: visitorKey(300) });
    await sut.settleViews();
    expect(await postViews(post)).toBe(0);
  });

  it('writes a batch once, however often its job runs', async () => {
    const writer = uuidv7();
    const post = await sut.post(writer);
    const ingest = sut.app.get(IngestService);
    const job = {
      batchId: uuidv7(),
      views: [
        {
          at: new Date().toISOString(),
          kind: 'impression' as const,
          url: null,
          postIds: [post],
          userId: uuidv7(),
          visitor: null,
          userAgent: null,
        },
      ],
    };
    await expect(ingest.writeBatch(job, new Date())).resolves.toMatchObject({
      applied: true,
      postViews: 1,
    });
    await expect(ingest.writeBatch(job, new Date())).resolves.toMatchObject({ applied: false });
    expect(await postViews(post)).toBe(1);
    expect(await authorViews(writer)).toEqual({ hourly: 1, daily: 1 });
  });

  it('applies an event once even when it is delivered again', async () => {
    const writer = uuidv7();
    const post = await sut.post(writer);
    const job = await sut.like(post, writer);
    // The same event again under another job (a relay that published it after its job was removed).
    const again = await sut.events.get('analytics').add(job.name, job.data, { jobId: uuidv7() });
    await eventually(
      () => again.getState(),
      (state) => state === 'completed',
      { what: 'the redelivered like' },
    );
    const rows: { likes: number }[] = await sut.dataSource.query(
      `SELECT sum(likes)::int AS likes FROM user_daily_stats WHERE user_id = $1`,
      [writer],
    );
    expect(rows[0]?.likes).toBe(1);
  });

  it('has one schedule for the maintenance job, which creates partitions ahead and drops expired ones', async () => {
    const schedulers = await sut.app.get(MaintenanceWorker)['queue']?.getJobSchedulers();
    expect(schedulers?.map((scheduler) => scheduler.key)).toEqual(['maintain']);
    expect(MAINTENANCE_QUEUE).toBe('analytics-maintenance');

    const partitions = sut.app.get(PartitionsRepository);
    const before = await partitions.partitionsOf('raw_events');
    // 3 days back (RAW_EVENTS_RETENTION_DAYS), today, 7 ahead.
    expect(before).toHaveLength(11);
    const oldest = before[0] ?? '';
    await sut.dataSource.query(
      `INSERT INTO raw_events (occurred_at, kind) VALUES ($1, 'page_view')`,
      [new Date(Date.now() - 3 * 24 * 3600 * 1000)],
    );

    const later = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const run = await sut.app.get(MaintenanceWorker).run(later);
    const after = await partitions.partitionsOf('raw_events');
    expect(after).toHaveLength(11);
    expect(after).not.toContain(oldest);
    expect(run.dropped).toEqual(expect.arrayContaining([oldest]));
    expect(run.created).toHaveLength(4);
    expect(await partitions.partitionsOf('post_viewers')).toHaveLength(9);
    const stillThere: { n: number }[] = await sut.dataSource.query(
      `SELECT count(*)::int AS n FROM raw_events WHERE occurred_at < $1`,
      [new Date(Date.now() - 2 * 24 * 3600 * 1000)],
    );
    expect(stillThere[0]?.n).toBe(0);
    // Running again changes nothing.
    await expect(sut.app.get(MaintenanceWorker).run(later)).resolves.toMatchObject({
      created: [],
      dropped: [],
    });
  });
});

describe('analytics on its first start', () => {
  const sut = new AnalyticsHarness();

  beforeAll(() => sut.start('backlog', {}, { app: false }));
  afterAll(() => sut.stop());

  it('drains the events that waited in its queue, each applied once', async () => {
    const writer = uuidv7();
    const post = uuidv7();
    const at = new Date().toISOString();
    // Events published before the service ever ran (the queue has filled since the first release).
    await sut.events.publish('analytics', 'tweet.created', {
      tweetId: post,
      authorId: writer,
      content: 'from the backlog #early',
      hashtags: ['early'],
      mentions: [],
      imageUrls: [],
      parentId: null,
      createdAt: at,
    });
    for (let n = 0; n < 5; n += 1) {
      await sut.events.publish('analytics', 'like.created', {
        tweetId: post,
        authorId: writer,
        userId: uuidv7(),
        at,
      });
    }
    await sut.events.publish('analytics', 'follow.created', {
      followerId: uuidv7(),
      followeeId: writer,
      createdAt: at,
    });
    await sut.startApp();
    const analytics = await eventually(
      () => sut.analytics(writer),
      (result) => result.overview.totalLikes === 5 && result.overview.totalFollowers === 1,
      { what: 'the backlog to be applied' },
    );
    expect(analytics.topPosts).toEqual([
      expect.objectContaining({ id: post, content: 'from the backlog #early', likes: 5 }),
    ]);
  });
});

describe('analytics draining a backlog', () => {
  const sut = new AnalyticsHarness();
  const writer = uuidv7();
  const post = uuidv7();
  const LIKES = 96;

  beforeAll(async () => {
    await sut.start('batches', {}, { app: false });
    // A post that PostgreSQL refuses (a trigger stands in for any error of one event's writes).
    const client = new Client({ connectionString: sut.config.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`
        CREATE FUNCTION analytics.refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.content = 'poison' THEN RAISE EXCEPTION 'poisoned post refused'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_poison BEFORE INSERT OR UPDATE ON analytics.posts
          FOR EACH ROW EXECUTE FUNCTION analytics.refuse_poison();`);
    } finally {
      await client.end();
    }
  });
  afterAll(() => sut.stop());

  it('applies the events in hand together, one transaction a batch, a duplicate counting once', async () => {
    const at = new Date().toISOString();
    const queue = sut.events.get('analytics');
    await sut.events.publish('analytics', 'tweet.created', {
      tweetId: post,
      authorId: writer,
      content: 'a post with many likes',
      hashtags: [],
      mentions: [],
      imageUrls: [],
      parentId: null,
      createdAt: at,
    });
    let likeId = '';
    for (let n = 0; n < LIKES; n += 1) {
      likeId = await sut.events.publish('analytics', 'like.created', {
        tweetId: post,
        authorId: writer,
        userId: uuidv7(),
        at,
      });
    }
    // The last like delivered again under another job, right behind the first delivery.
    const last = await queue.getJob(likeId);
    await queue.add(last!.name, last!.data, { jobId: uuidv7() });

    await sut.startApp();
    await eventually(
      () => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
      (counts) => Object.values(counts).every((n) => n === 0),
      { what: 'the backlog to drain' },
    );
    const analytics = await sut.analytics(writer);
    expect(analytics.overview.totalLikes).toBe(LIKES);
    expect(analytics.topPosts).toEqual([expect.objectContaining({ id: post, likes: LIKES })]);
    // One transaction per batch: the events applied together share their transaction's time.
    const rows: { events: number; transactions: number }[] = await sut.dataSource.query(
      `SELECT count(*)::int AS events, count(DISTINCT applied_at)::int AS transactions
       FROM applied_events`,
    );
    expect(rows[0]?.events).toBe(LIKES + 1);
    expect(rows[0]?.transactions).toBeLessThanOrEqual((LIKES + 1) / 4);
  });

  it('fails an event the database refuses alone: the events beside it are applied', async () => {
    const at = new Date().toISOString();
    const queue = sut.events.get('analytics');
    const [poisonId] = await Promise.all([
      sut.events.publish('analytics', 'tweet.created', {
        tweetId: uuidv7(),
        authorId: writer,
        content: 'poison',
        hashtags: [],
        mentions: [],
        imageUrls: [],
        parentId: null,
        createdAt: at,
      }),
      ...Array.from({ length: 10 }, () =>
        sut.events.publish('analytics', 'like.created', {
          tweetId: post,
          authorId: writer,
          userId: uuidv7(),
          at,
        }),
      ),
    ]);
    const analytics = await eventually(
      () => sut.analytics(writer),
      (result) => result.overview.totalLikes === LIKES + 10,
      { what: 'the likes beside the refused post' },
    );
    expect(analytics.topPosts).toEqual([expect.objectContaining({ id: post, likes: LIKES + 10 })]);
    const poison = await eventually(
      () => queue.getJob(poisonId),
      (job) => job?.failedReason?.includes('poisoned post refused') ?? false,
      { what: 'the refused post to fail' },
    );
    expect(await poison?.getState()).not.toBe('completed');
  });
});
