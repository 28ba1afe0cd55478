import type { TweetResponse } from '@wave/contracts';
import { DAY_MS, DEMO_DAYS, FOUNDER_POSTS, generateDemoData } from '@wave/demo-data';
import type { MediaUploadsStandIn } from '@wave/testing';
import { startMediaUploadsStandIn } from '@wave/testing';
import type { TimelineConfig } from '../src/config/timeline.config';
import { seedTimeline } from '../src/seed/seed';
import { TimelineHarness } from './timeline-harness';

// Six hundred posts and a couple of thousand likes, through the service.
jest.setTimeout(180_000);

/** The time a UUIDv7 carries, in milliseconds. */
const timeOfId = (id: string): number => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe(seedTimeline.name, () => {
  const sut = new TimelineHarness();
  let uploads: MediaUploadsStandIn;
  let config: TimelineConfig;
  const now = new Date();
  const data = generateDemoData('default', now);
  const likes = data.posts.reduce((sum, post) => sum + post.likes.length, 0);
  const retweets = data.posts.reduce((sum, post) => sum + post.retweets.length, 0);
  const pictures = data.posts.filter((post) => post.picture).length;

  beforeAll(async () => {
    await sut.start('seed');
    uploads = await startMediaUploadsStandIn(sut.config.INTERNAL_AUTH_SECRET);
    config = { ...sut.config, MEDIA_URL: uploads.url };
    // The members, as identity's events announce them.
    for (const member of data.members) await sut.user(member.username);
  });

  afterAll(async () => {
    await sut.stop();
    await uploads?.close();
  });

  it('writes the posts, replies, likes and retweets of the last thirty days, once', async () => {
    expect(await seedTimeline(config, { size: 'default', now })).toEqual({
      posts: data.posts.length,
      likes,
      retweets,
    });
    expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets`)).toBe(
      data.posts.length,
    );
    expect(
      await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets WHERE parent_id IS NOT NULL`),
    ).toBe(data.posts.filter((post) => post.parent !== null).length);
    expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.likes`)).toBe(likes);
    expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.retweets`)).toBe(retweets);

    expect(await seedTimeline(config, { size: 'default', now })).toEqual({
      posts: 0,
      likes: 0,
      retweets: 0,
    });
    expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.tweets`)).toBe(
      data.posts.length,
    );
  });

  it('dates each post, its id and its event on its own day', async () => {
    const rows = await sut.dataSource.query<{ id: string; created_at: Date }[]>(
      `SELECT id, created_at FROM timeline.tweets ORDER BY created_at`,
    );
    expect(rows.map((row) => row.created_at.getTime())).toEqual(
      data.posts.map((post) => post.at.getTime()).sort((a, b) => a - b),
    );
    for (const row of rows) expect(timeOfId(row.id)).toBe(row.created_at.getTime());
    const oldest = rows[0]!.created_at.getTime();
    expect(oldest).toBeGreaterThan(now.getTime() - DEMO_DAYS * DAY_MS);
    expect(oldest).toBeLessThan(now.getTime() - (DEMO_DAYS - 2) * DAY_MS);
    const [event] = await sut.dataSource.query<{ payload: { createdAt: string } }[]>(
      `SELECT payload FROM timeline.outbox WHERE name = 'tweet.created' AND payload->>'tweetId' = $1`,
      [rows[0]!.id],
    );
    expect(event?.payload.createdAt).toBe(rows[0]!.created_at.toISOString());
    const likedAt = await sut.dataSource.query<{ at: Date; posted: Date }[]>(
      `SELECT l.created_at AS at, t.created_at AS posted FROM timeline.likes l
       JOIN timeline.tweets t ON t.id = l.tweet_id`,
    );
    expect(likedAt.every((like) => like.at >= like.posted && like.at <= now)).toBe(true);
  });

  it('uploads the pictures as their authors and claims them for the posts', async () => {
    expect(
      await sut.count(
        `SELECT count(*)::int AS n FROM timeline.tweets WHERE cardinality(image_urls) = 1`,
      ),
    ).toBe(pictures);
    expect(uploads.uploads).toHaveLength(pictures);
    expect(uploads.uploads.every((upload) => upload.contentType === 'image/webp')).toBe(true);
    expect(sut.heldClaims().filter((claim) => claim.purpose === 'tweet')).toHaveLength(pictures);
  });

  it('shows the founders’ own words on their profiles, with their counts', async () => {
    const { items } = await sut.allPages<TweetResponse>(null, '/api/users/grace/tweets', 100);
    const contents = items.map((tweet) => tweet.content);
    for (const post of FOUNDER_POSTS.filter((founder) => founder.username === 'grace'))
      expect(contents).toContain(post.content);
    const liked = items.reduce((sum, tweet) => sum + tweet.likesCount, 0);
    expect(liked).toBe(
      data.posts
        .filter((post) => post.author === 'grace' && post.parent === null)
        .reduce((sum, post) => sum + post.likes.length, 0),
    );
  });
});
