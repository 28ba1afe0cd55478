import { randomUUID } from 'node:crypto';
import type { FeedItemResponse, TweetResponse } from '@wave/contracts';
import { ServiceMetrics } from '@wave/metrics';
import { FeedsController } from '../src/feeds/feeds.controller';
import { FollowsRepository } from '../src/follows/follows.repository';
import { tweetKey } from '../src/tweet-cache/tweet-cache.store';
import { eventually, TimelineHarness, uniqueUsername } from './timeline-harness';

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

describe(FeedsController.name, () => {
  const sut = new TimelineHarness();

  /** A user and their name. */
  const member = async (prefix: string) => {
    const username = uniqueUsername(prefix);
    return { id: await sut.user(username), username };
  };

  /** Posts `count` posts one after another; returns once all are fanned out. */
  const postMany = async (authorId: string, count: number, label = 'post') => {
    const posts: TweetResponse[] = [];
    for (let i = 0; i < count; i += 1) posts.push(await sut.post(authorId, `${label} ${i}`));
    await Promise.all(posts.map((post) => sut.waitForFanOut(post.id)));
    return posts;
  };

  /** Polls the first page of a home timeline until `done` accepts it. */
  const homeUntil = (readerId: string, done: (ids: string[]) => boolean, what: string) =>
    eventually(
      async () => (await sut.feed(readerId, '?limit=100')).items,
      (items) => done(idsOf(items)),
      { what },
    );

  beforeAll(() => sut.start('feeds'));
  afterAll(() => sut.stop());

  /** A counter's or histogram count's value for the labels given, as the app's metrics hold it. */
  const metricValue = async (name: string, labels: Record<string, string>, series = name) => {
    const metric = sut.app.get(ServiceMetrics).registry.getSingleMetric(name);
    const { values } = await metric!.get();
    const found = values.find(
      (value) =>
        ((value as { metricName?: string }).metricName ?? name) === series &&
        Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
    );
    return found?.value ?? 0;
  };

  describe('its metrics', () => {
    it('count the home timeline cache’s hits and rebuilds, the tweet cache’s lookups, and time each read by route', async () => {
      const reader = await member('metrics_reader');
      const author = await member('metrics_author');
      await sut.follow(reader.id, author.id);
      await sut.feed(reader.id);
      const posts = await postMany(author.id, 3);
      const home = (result: string) => metricValue('timeline_home_cache_reads_total', { result });
      const tweets = (result: string) =>
        metricValue('timeline_tweet_cache_lookups_total', { result });
      const reads = () =>
        metricValue(
          'http_request_duration_seconds',
          { method: 'GET', route: '/api/tweets', status_code: '200' },
          'http_request_duration_seconds_count',
        );
      const before = {
        hit: await home('hit'),
        rebuilt: await home('rebuilt'),
        tweetHit: await tweets('hit'),
        tweetMiss: await tweets('miss'),
        reads: await reads(),
      };

      expect(await sut.loseCachedTimeline(reader.id)).toBe(true);
      expect((await sut.feed(reader.id)).items).toHaveLength(3);
      expect(await home('rebuilt')).toBe(before.rebuilt + 1);
      expect(await home('hit')).toBe(before.hit);
      // Each post was handed to the tweet cache by its writer: found there.
      expect(await tweets('hit')).toBe(before.tweetHit + 3);

      await sut.redis.del(...posts.map((post) => tweetKey(post.id)));
      expect((await sut.feed(reader.id)).items).toHaveLength(3);
      expect(await home('hit')).toBe(before.hit + 1);
      expect(await tweets('miss')).toBe(before.tweetMiss + 3);
      expect(await reads()).toBe(before.reads + 2);
    });
  });

  describe('the public timeline (visitors)', () => {
    it('shows everyone’s top-level posts newest first, paged by cursor', async () => {
      const authors = [await member('pub_a'), await member('pub_b')];
      for (let i = 0; i < 6; i += 1) await sut.post(authors[i % 2]!.id, `public ${i}`);
      const parent = await sut.post(authors[0]!.id, 'with a reply');
      await sut.call('POST', `/api/tweets/${parent.id}/reply`, {
        as: authors[1]!.id,
        body: { content: 'replies stay out of feeds' },
      });
      const expected: { id: string }[] = await sut.dataSource.query(
        `SELECT id FROM timeline.tweets WHERE parent_id IS NULL ORDER BY created_at DESC, id DESC`,
      );

      const first = await sut.feed(null, '?limit=4');
      expect(first.items).toHaveLength(4);
      expect(first.items[0]).toMatchObject({ id: parent.id, retweetedBy: null, isLiked: false });
      expect(first.nextCursor).toEqual(expect.any(String));

      const { items, pages } = await sut.allPages<FeedItemResponse>(null, '/api/tweets', 4);
      expect(idsOf(items)).toEqual(idsOf(expected));
      expect(pages).toBe(Math.ceil(expected.length / 4));
      expect(items.every((item) => item.parentId === null)).toBe(true);
    });

    it('refuses a bad limit or cursor with a clear message', async () => {
      for (const as of [null, await sut.user()]) {
        for (const [query, message] of [
          ['?limit=0', 'limit must be at least 1'],
          ['?limit=101', 'limit must be at most 100'],
          ['?limit=abc', 'limit must be a number'],
          ['?cursor=garbage', 'Invalid cursor'],
          [`?cursor=${Buffer.from('12.not-a-uuid').toString('base64url')}`, 'Invalid cursor'],
        ] as const) {
          const response = await sut.call('GET', `/api/tweets${query}`, { as });
          expect({ query, status: response.statusCode, body: response.json() }).toEqual({
            query,
            status: 400,
            body: { message },
          });
        }
      }
    });
  });

  describe('the home timeline (members)', () => {
    it('shows the reader’s own posts and, after a follow, the followee’s new posts', async () => {
      const reader = await member('reader');
      const followee = await member('followee');
      const stranger = await member('stranger');
      const own = await sut.post(reader.id, 'my own post');
      await sut.follow(reader.id, followee.id);
      await homeUntil(reader.id, (ids) => ids.includes(own.id), 'own post');

      const fresh = await sut.post(followee.id, 'hello followers');
      const unrelated = await sut.post(stranger.id, 'nobody follows me');
      const items = await homeUntil(reader.id, (ids) => ids.includes(fresh.id), 'followee post');
      expect(idsOf(items)).toEqual([fresh.id, own.id]);
      expect(idsOf(items)).not.toContain(unrelated.id);
      expect(items[0]).toMatchObject({
        authorId: followee.id,
        author: { id: followee.id, username: followee.username },
        retweetedBy: null,
      });
      const cached = await sut.cachedTimeline(reader.id);
      expect(cached).toEqual(expect.arrayContaining([`p:${fresh.id}`, `p:${own.id}`]));
    });

    it('shows a followee’s retweet of someone else’s post, saying who retweeted it', async () => {
      const reader = await member('rt_reader');
      const retweeter = await member('retweeter');
      const original = await member('original');
      await sut.follow(reader.id, retweeter.id);
      expect((await sut.feed(reader.id)).items).toEqual([]);

      const post = await sut.post(original.id, 'worth sharing');
      const retweet = await sut.call('POST', `/api/tweets/${post.id}/retweet`, {
        as: retweeter.id,
      });
      expect(retweet.statusCode).toBe(200);
      await sut.waitForFanOut(post.id, retweeter.id);

      const items = await homeUntil(reader.id, (ids) => ids.includes(post.id), 'retweet');
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        id: post.id,
        authorId: original.id,
        retweetsCount: 1,
        retweetedBy: {
          id: retweeter.id,
          username: retweeter.username,
          displayName: `${retweeter.username} display`,
        },
      });

      await sut.call('DELETE', `/api/tweets/${post.id}/retweet`, { as: retweeter.id });
      expect((await sut.feed(reader.id)).items).toEqual([]);
    });

    it('pages 30 posts 7 at a time: each exactly once, in order, then a null cursor', async () => {
      const reader = await member('pager');
      const author = await member('prolific');
      await sut.follow(reader.id, author.id);
      await sut.feed(reader.id); // caches the (empty) timeline, so the posts are fanned out into it
      const posts = await postMany(author.id, 30);

      const { items, pages } = await sut.allPages<FeedItemResponse>(reader.id, '/api/tweets', 7);
      expect(idsOf(items)).toEqual(idsOf(posts).reverse());
      expect(pages).toBe(5);
      // The 30 posts and the marker saying nothing older exists.
      expect(await sut.cachedTimeline(reader.id)).toHaveLength(31);
    });

    it('drops a deleted post', async () => {
      const reader = await member('del_reader');
      const author = await member('del_author');
      await sut.follow(reader.id, author.id);
      const [kept, doomed] = await postMany(author.id, 2);
      expect(idsOf((await sut.feed(reader.id)).items)).toEqual([doomed!.id, kept!.id]);

      await sut.call('DELETE', `/api/tweets/${doomed!.id}`, { as: author.id });
      expect(idsOf((await sut.feed(reader.id)).items)).toEqual([kept!.id]);
      const cached = await sut.cachedTimeline(reader.id);
      expect(cached).not.toContain(`p:${doomed!.id}`);
    });

    it('fills the page past many deleted posts, and keeps paging', async () => {
      const reader = await member('gap_reader');
      const author = await member('gap_author');
      await sut.follow(reader.id, author.id);
      const posts = await postMany(author.id, 20);
      await sut.feed(reader.id);
      for (const post of posts.slice(8)) {
        await sut.call('DELETE', `/api/tweets/${post.id}`, { as: author.id });
      }
      const left = idsOf(posts.slice(0, 8)).reverse();

      const first = await sut.feed(reader.id, '?limit=5');
      expect(idsOf(first.items)).toEqual(left.slice(0, 5));
      expect(first.nextCursor).not.toBeNull();
      const { items } = await sut.allPages<FeedItemResponse>(reader.id, '/api/tweets', 5);
      expect(idsOf(items)).toEqual(left);
    });

    it('rebuilds a lost cached timeline from Postgres, the same page as before', async () => {
      const reader = await member('lost_reader');
      const a = await member('lost_a');
      const b = await member('lost_b');
      await sut.follow(reader.id, a.id);
      await sut.follow(reader.id, b.id);
      await sut.feed(reader.id);
      const posts = [...(await postMany(a.id, 3)), ...(await postMany(b.id, 3))];
      await sut.post(reader.id, 'mine too').then((post) => sut.waitForFanOut(post.id));
      await sut.call('POST', `/api/tweets/${posts[0]!.id}/retweet`, { as: b.id });
      await sut.waitForFanOut(posts[0]!.id, b.id);
      const before = await sut.feed(reader.id, '?limit=5');
      expect(before.items).toHaveLength(5);
      expect(before.items[0]).toMatchObject({ id: posts[0]!.id, retweetedBy: { id: b.id } });
      const beforeNext = await sut.feed(reader.id, `?limit=5&cursor=${before.nextCursor}`);

      expect(await sut.loseCachedTimeline(reader.id)).toBe(true);
      const after = await sut.feed(reader.id, '?limit=5');
      expect(after).toEqual(before);
      expect(await sut.cachedTimeline(reader.id)).toHaveLength(9); // 7 posts, 1 retweet, the marker
      expect(await sut.loseCachedTimeline(reader.id)).toBe(true);
      expect(await sut.feed(reader.id, `?limit=5&cursor=${before.nextCursor}`)).toEqual(beforeNext);
    });

    it('removes the followee’s posts after an unfollow', async () => {
      const reader = await member('unf_reader');
      const kept = await member('unf_kept');
      const dropped = await member('unf_dropped');
      await sut.follow(reader.id, kept.id);
      await sut.follow(reader.id, dropped.id);
      const keptPost = (await postMany(kept.id, 1))[0]!;
      const droppedPost = (await postMany(dropped.id, 1))[0]!;
      expect(idsOf((await sut.feed(reader.id)).items)).toEqual([droppedPost.id, keptPost.id]);

      await sut.unfollow(reader.id, dropped.id);
      await homeUntil(reader.id, (ids) => !ids.includes(droppedPost.id), 'unfollowed posts gone');
      expect(idsOf((await sut.feed(reader.id)).items)).toEqual([keptPost.id]);
      const later = (await postMany(dropped.id, 1))[0]!;
      expect(idsOf((await sut.feed(reader.id)).items)).not.toContain(later.id);
    });

    it('applies follows and unfollows in the order they were made, not the order they arrive', async () => {
      const reader = await member('order_reader');
      const author = await member('order_author');
      const base = Date.now() - 60_000;
      const at = (ms: number) => new Date(base + ms).toISOString();
      const pair = { followerId: reader.id, followeeId: author.id };
      const state = async () => [
        await sut.count(
          `SELECT count(*)::int AS n FROM timeline.follows WHERE follower_id = $1 AND followee_id = $2`,
          [reader.id, author.id],
        ),
        await sut.count(
          `SELECT coalesce(max(followers), 0)::int AS n FROM timeline.follower_counts WHERE user_id = $1`,
          [author.id],
        ),
      ];
      // Unfollowed at 2, then the follow of 1 retried late: stays unfollowed.
      await sut.publish('follow.deleted', { ...pair, deletedAt: at(2) });
      await sut.publish('follow.created', { ...pair, createdAt: at(1) });
      expect(await state()).toEqual([0, 0]);
      // Followed again at 4; the unfollow of 3 arrives after it: still following, counted once.
      await sut.publish('follow.created', { ...pair, createdAt: at(4) });
      await sut.publish('follow.deleted', { ...pair, deletedAt: at(3) });
      await sut.publish('follow.created', { ...pair, createdAt: at(4) });
      expect(await state()).toEqual([1, 1]);
      const [post] = await postMany(author.id, 1);
      await homeUntil(reader.id, (ids) => ids.includes(post!.id), 'the followed author’s post');
      // Unfollowed at 5: gone.
      await sut.publish('follow.deleted', { ...pair, deletedAt: at(5) });
      expect(await state()).toEqual([0, 0]);
    });

    it('keeps no follow whose unfollow was applied at the same moment (two workers)', async () => {
      const followees = await Promise.all(
        Array.from({ length: 20 }, (_, i) => member(`race_${i}`)),
      );
      const repository = sut.app.get(FollowsRepository);
      const t = Date.now() - 60_000;
      // Each pair's follow (t) and unfollow (t+1) at once: under READ COMMITTED each would miss
      // the other's uncommitted row without the pair's lock, and some follows would stay.
      const pairs = followees.flatMap((followee) =>
        Array.from({ length: 15 }, () => ({ follower: randomUUID(), followee: followee.id })),
      );
      await Promise.all(
        pairs.flatMap(({ follower, followee }) => [
          repository.add(follower, followee, new Date(t)),
          repository.remove(follower, followee, new Date(t + 1)),
        ]),
      );
      const ids = followees.map((followee) => followee.id);
      const left = await sut.count(
        `SELECT count(*)::int AS n FROM timeline.follows WHERE followee_id = ANY($1::uuid[])`,
        [ids],
      );
      const counted = await sut.count(
        `SELECT coalesce(sum(followers), 0)::int AS n FROM timeline.follower_counts WHERE user_id = ANY($1::uuid[])`,
        [ids],
      );
      expect({ left, counted }).toEqual({ left: 0, counted: 0 });
    });

    it('marks what the reader liked', async () => {
      const reader = await member('liker');
      const author = await member('liked');
      await sut.follow(reader.id, author.id);
      const [post] = await postMany(author.id, 1);
      await sut.call('POST', `/api/tweets/${post!.id}/like`, { as: reader.id });
      const items = (await sut.feed(reader.id)).items;
      expect(items[0]).toMatchObject({ id: post!.id, isLiked: true, likesCount: 1 });
    });
  });
});
