import { Client } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { eventually } from '@wave/testing';
import type { TweetInteractionResponse, TweetResponse } from '@wave/contracts';
import { TweetsService } from '../src/tweets/tweets.service';
import type { OutboxRow } from './timeline-harness';
import { TimelineHarness, uniqueUsername } from './timeline-harness';

const MISSING_ID = '0190b1de-1111-7000-8000-00000000dead';

describe(TweetsService.name, () => {
  const sut = new TimelineHarness();
  let ada: string;
  let grace: string;

  const counters = async (id: string) => {
    const rows: { likes_count: number; retweets_count: number }[] = await sut.dataSource.query(
      `SELECT likes_count, retweets_count FROM timeline.tweets WHERE id = $1`,
      [id],
    );
    return rows[0];
  };
  const rowsIn = (table: 'likes' | 'retweets', tweetId: string) =>
    sut.count(`SELECT count(*)::int AS n FROM timeline.${table} WHERE tweet_id = $1`, [tweetId]);

  beforeAll(async () => {
    await sut.start('interactions');
    ada = await sut.user(uniqueUsername('ada'));
    grace = await sut.user(uniqueUsername('grace'));
  });
  afterAll(() => sut.stop());

  describe('likes and retweets', () => {
    it('likes and unlikes idempotently, with the interaction shape', async () => {
      const tweet = await sut.post(ada, 'like me');
      const url = `/api/tweets/${tweet.id}/like`;
      const first = await sut.call('POST', url, { as: grace });
      expect(first.statusCode).toBe(200);
      const expectedOn: TweetInteractionResponse = {
        tweetId: tweet.id,
        isLiked: true,
        isRetweeted: false,
        likesCount: 1,
        retweetsCount: 0,
      };
      expect(first.json()).toEqual(expectedOn);
      expect((await sut.call('POST', url, { as: grace })).json()).toEqual(expectedOn);
      expect(await counters(tweet.id)).toEqual({ likes_count: 1, retweets_count: 0 });
      expect(await rowsIn('likes', tweet.id)).toBe(1);

      const expectedOff = { ...expectedOn, isLiked: false, likesCount: 0 };
      const off = await sut.call('DELETE', url, { as: grace });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual(expectedOff);
      expect((await sut.call('DELETE', url, { as: grace })).json()).toEqual(expectedOff);
      expect(await counters(tweet.id)).toEqual({ likes_count: 0, retweets_count: 0 });
      expect(await rowsIn('likes', tweet.id)).toBe(0);

      const names = (await sut.outboxFor(tweet.id)).map((event) => event.name);
      expect(names).toEqual(['tweet.created', 'like.created', 'like.deleted']);
    });

    it('retweets and unretweets idempotently, reporting the like alongside', async () => {
      const tweet = await sut.post(ada, 'retweet me');
      await sut.call('POST', `/api/tweets/${tweet.id}/like`, { as: grace });
      const url = `/api/tweets/${tweet.id}/retweet`;
      const expectedOn = {
        tweetId: tweet.id,
        isLiked: true,
        isRetweeted: true,
        likesCount: 1,
        retweetsCount: 1,
      };
      const first = await sut.call('POST', url, { as: grace });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(expectedOn);
      expect((await sut.call('POST', url, { as: grace })).json()).toEqual(expectedOn);
      expect(await rowsIn('retweets', tweet.id)).toBe(1);

      const events = await sut.outboxFor(tweet.id);
      const retweeted = events.find((event) => event.name === 'retweet.created');
      expect(retweeted?.payload).toEqual({
        tweetId: tweet.id,
        userId: grace,
        authorId: ada,
        at: expect.any(String),
      });
      expect(events.filter((event) => event.name === 'retweet.created')).toHaveLength(1);
      expect(events.find((event) => event.name === 'like.created')?.payload).toMatchObject({
        tweetId: tweet.id,
        userId: grace,
        authorId: ada,
      });

      const expectedOff = { ...expectedOn, isRetweeted: false, retweetsCount: 0 };
      expect((await sut.call('DELETE', url, { as: grace })).json()).toEqual(expectedOff);
      expect((await sut.call('DELETE', url, { as: grace })).json()).toEqual(expectedOff);
      expect(await counters(tweet.id)).toEqual({ likes_count: 1, retweets_count: 0 });
    });

    it('shows isLiked and isRetweeted to that reader only', async () => {
      const tweet = await sut.post(ada, 'who liked it?');
      await sut.call('POST', `/api/tweets/${tweet.id}/like`, { as: grace });
      await sut.call('POST', `/api/tweets/${tweet.id}/retweet`, { as: grace });
      const asGrace = (await sut.call('GET', `/api/tweets/${tweet.id}`, { as: grace })).json();
      expect(asGrace).toMatchObject({
        isLiked: true,
        isRetweeted: true,
        likesCount: 1,
        retweetsCount: 1,
      });
      for (const as of [ada, null]) {
        const other = (await sut.call('GET', `/api/tweets/${tweet.id}`, { as })).json();
        expect(other).toMatchObject({
          isLiked: false,
          isRetweeted: false,
          likesCount: 1,
          retweetsCount: 1,
        });
      }
    });

    it('counts 20 different users liking at once exactly', async () => {
      const tweet = await sut.post(ada, 'going viral');
      const likers = Array.from({ length: 20 }, () => uuidv7());
      const responses = await Promise.all(
        likers.map((as) => sut.call('POST', `/api/tweets/${tweet.id}/like`, { as })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(likers.map(() => 200));
      const seen = responses.map(
        (response) => response.json<TweetInteractionResponse>().likesCount,
      );
      expect([...seen].sort((a, b) => a - b)).toEqual(likers.map((_, i) => i + 1));
      expect(await counters(tweet.id)).toEqual({ likes_count: 20, retweets_count: 0 });
      expect(await rowsIn('likes', tweet.id)).toBe(20);
    });

    it('counts one user clicking like 10 times at once as one like', async () => {
      const tweet = await sut.post(ada, 'click click');
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          sut.call('POST', `/api/tweets/${tweet.id}/like`, { as: grace }),
        ),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ isLiked: true, likesCount: 1 });
      }
      expect(await counters(tweet.id)).toEqual({ likes_count: 1, retweets_count: 0 });
      const likeEvents = (await sut.outboxFor(tweet.id)).filter(
        (event) => event.name === 'like.created',
      );
      expect(likeEvents).toHaveLength(1);
    });

    it('keeps the count equal to the rows under mixed concurrent likes and unlikes', async () => {
      const tweet = await sut.post(ada, 'make up your mind');
      const others = Array.from({ length: 3 }, () => uuidv7());
      await Promise.all(
        others.map((as) => sut.call('POST', `/api/tweets/${tweet.id}/like`, { as })),
      );
      const toggles = await Promise.all(
        Array.from({ length: 21 }, (_, i) =>
          sut.call(i % 2 === 0 ? 'POST' : 'DELETE', `/api/tweets/${tweet.id}/like`, {
            as: grace,
          }),
        ),
      );
      expect(toggles.every((response) => response.statusCode === 200)).toBe(true);
      const rows = await rowsIn('likes', tweet.id);
      expect([3, 4]).toContain(rows);
      expect((await counters(tweet.id))?.likes_count).toBe(rows);
      const read = await sut.call('GET', `/api/tweets/${tweet.id}`, { as: grace });
      expect(read.json()).toMatchObject({ likesCount: rows, isLiked: rows === 4 });
    });

    it('takes back a like committed while the unlike waited for the post', async () => {
      const tweet = await sut.post(ada, 'like, then unlike at once');
      // Another request's like in flight: it holds the post and has added its like.
      const other = new Client({ connectionString: sut.config.DATABASE_URL });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT 1 FROM timeline.tweets WHERE id = $1 FOR UPDATE', [tweet.id]);
        await other.query('INSERT INTO timeline.likes (tweet_id, user_id) VALUES ($1, $2)', [
          tweet.id,
          grace,
        ]);
        await other.query(
          'UPDATE timeline.tweets SET likes_count = likes_count + 1 WHERE id = $1',
          [tweet.id],
        );
        const unlike = sut.call('DELETE', `/api/tweets/${tweet.id}/like`, { as: grace });
        await eventually(
          () =>
            sut.count(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            ),
          (waiting) => waiting > 0,
          { what: 'the unlike to wait for the post' },
        );
        await other.query('COMMIT');
        const answer = await unlike;
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ isLiked: false, likesCount: 0 });
      } finally {
        await other.end();
      }
      expect(await rowsIn('likes', tweet.id)).toBe(0);
      expect((await counters(tweet.id))?.likes_count).toBe(0);
    });

    it('answers 404 for a missing post and 400 for a malformed id', async () => {
      for (const kind of ['like', 'retweet']) {
        const missing = await sut.call('POST', `/api/tweets/${MISSING_ID}/${kind}`, { as: grace });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'Post not found' });
        const malformed = await sut.call('DELETE', `/api/tweets/nope/${kind}`, { as: grace });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toEqual({ message: 'Post id must be a valid id' });
      }
      expect(
        await sut.count(`SELECT count(*)::int AS n FROM timeline.likes WHERE tweet_id = $1`, [
          MISSING_ID,
        ]),
      ).toBe(0);
    });

    it('refuses a visitor', async () => {
      const tweet = await sut.post(ada, 'members only');
      const response = await sut.call('POST', `/api/tweets/${tweet.id}/like`, { as: null });
      expect(response.statusCode).toBe(401);
      expect(await rowsIn('likes', tweet.id)).toBe(0);
    });
  });

  describe('pins', () => {
    let pinner: string;
    let pinnerName: string;

    const pinEvents = (userId: string): Promise<OutboxRow[]> =>
      sut.dataSource.query<OutboxRow[]>(
        `SELECT name, payload FROM timeline.outbox
         WHERE name IN ('tweet.pinned', 'tweet.unpinned') AND payload->>'userId' = $1 ORDER BY id`,
        [userId],
      );
    const pinnedIds = async (userId: string): Promise<(string | null)[]> =>
      (
        await sut.dataSource.query<{ tweet_id: string | null }[]>(
          `SELECT tweet_id FROM timeline.pins WHERE user_id = $1`,
          [userId],
        )
      ).map((row) => row.tweet_id);
    const idsOf = (items: TweetResponse[]) => items.map((item) => item.id);

    beforeEach(async () => {
      pinnerName = uniqueUsername('pinner');
      pinner = await sut.user(pinnerName);
    });

    it('pins a post, moves the pin to another, unpins idempotently, with versioned events', async () => {
      const first = await sut.post(pinner, 'first');
      const second = await sut.post(pinner, 'second');

      const pinned = await sut.call('POST', `/api/tweets/${first.id}/pin`, { as: pinner });
      expect(pinned.statusCode).toBe(200);
      expect(pinned.json()).toMatchObject({ id: first.id, isPinned: true });
      expect(await pinnedIds(pinner)).toEqual([first.id]);

      const moved = await sut.call('POST', `/api/tweets/${second.id}/pin`, { as: pinner });
      expect(moved.json()).toMatchObject({ id: second.id, isPinned: true });
      expect(await pinnedIds(pinner)).toEqual([second.id]);
      const firstRead = await sut.call('GET', `/api/tweets/${first.id}`, { as: null });
      expect(firstRead.json().isPinned).toBe(false);

      const unpinned = await sut.call('DELETE', '/api/tweets/pin', { as: pinner });
      expect(unpinned.statusCode).toBe(204);
      expect(await pinnedIds(pinner)).toEqual([null]);
      const again = await sut.call('DELETE', '/api/tweets/pin', { as: pinner });
      expect(again.statusCode).toBe(204);
      const secondRead = await sut.call('GET', `/api/tweets/${second.id}`, { as: pinner });
      expect(secondRead.json().isPinned).toBe(false);

      const events = await pinEvents(pinner);
      expect(events.map((event) => [event.name, event.payload['tweetId']])).toEqual([
        ['tweet.pinned', first.id],
        ['tweet.pinned', second.id],
        ['tweet.unpinned', second.id],
      ]);
      const versions = events.map((event) => event.payload['version'] as number);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(new Set(versions).size).toBe(versions.length);
    });

    it('unpins with 204 when nothing was ever pinned, announcing nothing', async () => {
      const response = await sut.call('DELETE', '/api/tweets/pin', { as: pinner });
      expect(response.statusCode).toBe(204);
      expect(await pinEvents(pinner)).toEqual([]);
    });

    it('emits tweet.unpinned when the pinned post is deleted', async () => {
      const tweet = await sut.post(pinner, 'pinned then gone');
      await sut.call('POST', `/api/tweets/${tweet.id}/pin`, { as: pinner });
      expect((await sut.call('DELETE', `/api/tweets/${tweet.id}`, { as: pinner })).statusCode).toBe(
        204,
      );
      const events = await pinEvents(pinner);
      expect(events.map((event) => event.name)).toEqual(['tweet.pinned', 'tweet.unpinned']);
      expect(events[1]?.payload).toMatchObject({ userId: pinner, tweetId: tweet.id });
      expect(events[1]?.payload['version']).toBeGreaterThan(
        events[0]?.payload['version'] as number,
      );
      expect(await pinnedIds(pinner)).toEqual([null]);
    });

    it('refuses to pin a missing post', async () => {
      const response = await sut.call('POST', `/api/tweets/${MISSING_ID}/pin`, { as: pinner });
      expect(response.statusCode).toBe(404);
      expect(await pinnedIds(pinner)).toEqual([]);
    });

    describe('GET /api/users/{idOrUsername}/tweets', () => {
      it('lists the pinned post first, then the rest newest first, without replies', async () => {
        const posts: TweetResponse[] = [];
        for (let i = 0; i < 4; i += 1) posts.push(await sut.post(pinner, `post ${i}`));
        await sut.call('POST', `/api/tweets/${posts[0]!.id}/reply`, {
          as: pinner,
          body: { content: 'a reply is not a post' },
        });
        await sut.post(grace, 'someone else');
        await sut.call('POST', `/api/tweets/${posts[1]!.id}/pin`, { as: pinner });

        const expected = [posts[1]!, posts[3]!, posts[2]!, posts[0]!].map((post) => post.id);
        for (const reference of [pinner, pinnerName, pinnerName.toUpperCase()]) {
          const response = await sut.call('GET', `/api/users/${reference}/tweets`, { as: null });
          expect(response.statusCode).toBe(200);
          const page = response.json<{ items: TweetResponse[]; nextCursor: string | null }>();
          expect(idsOf(page.items)).toEqual(expected);
          expect(page.items[0]?.isPinned).toBe(true);
          expect(page.items.slice(1).every((item) => !item.isPinned)).toBe(true);
          expect(page.nextCursor).toBeNull();
        }
      });

      it('pages every post exactly once when the pinned one falls inside a page', async () => {
        const posts: TweetResponse[] = [];
        for (let i = 0; i < 7; i += 1) posts.push(await sut.post(pinner, `post ${i}`));
        await sut.call('POST', `/api/tweets/${posts[5]!.id}/pin`, { as: pinner });
        const { items } = await sut.allPages<TweetResponse>(null, `/api/users/${pinner}/tweets`, 3);
        const newestFirst = [...posts].reverse().filter((post) => post.id !== posts[5]!.id);
        expect(idsOf(items)).toEqual([posts[5]!.id, ...newestFirst.map((post) => post.id)]);
      });

      it('answers 404 for an unknown username and 400 for a malformed reference', async () => {
        const unknown = await sut.call('GET', '/api/users/nobody_at_all/tweets', { as: null });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ message: 'User not found' });
        const malformed = await sut.call('GET', '/api/users/no%20way!/tweets', { as: null });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toEqual({
          message: 'User must be given by a valid id or username',
        });
      });
    });
  });

  describe("many likes and retweets at once (TweetsService.addInteractions, the seed's writes)", () => {
    it('adds what is missing, moves the counters by as much and announces each once, oldest first', async () => {
      const first = await sut.post(ada, 'liked in bulk');
      const second = await sut.post(grace, 'retweeted in bulk');
      const carol = await sut.user(uniqueUsername('carol'));
      // Grace liked the first already: that one is skipped.
      await sut.call('POST', `/api/tweets/${first.id}/like`, { as: grace });
      const now = Date.now();
      const ago = (minutes: number) => new Date(now - minutes * 60_000);

      const added = await sut.app.get(TweetsService).addInteractions([
        { userId: grace, tweetId: first.id, kind: 'like', at: ago(5) },
        { userId: carol, tweetId: first.id, kind: 'like', at: ago(3) },
        { userId: carol, tweetId: first.id, kind: 'like', at: ago(3) },
        { userId: ada, tweetId: second.id, kind: 'retweet', at: ago(4) },
        { userId: ada, tweetId: second.id, kind: 'like', at: ago(2) },
        { userId: carol, tweetId: MISSING_ID, kind: 'like', at: ago(1) },
      ]);

      expect(added).toBe(3);
      expect(await counters(first.id)).toEqual({ likes_count: 2, retweets_count: 0 });
      expect(await counters(second.id)).toEqual({ likes_count: 1, retweets_count: 1 });
      expect(await rowsIn('likes', first.id)).toBe(2);
      expect(await rowsIn('likes', MISSING_ID)).toBe(0);
      const seen = await sut.call('GET', `/api/tweets/${second.id}`, { as: ada });
      expect(seen.json<TweetResponse>()).toMatchObject({ isLiked: true, isRetweeted: true });
      const events = await sut.dataSource.query<
        { name: string; payload: { userId: string; at: string } }[]
      >(
        `SELECT name, payload FROM timeline.outbox
         WHERE payload->>'tweetId' = ANY($1::text[]) AND name <> 'tweet.created' ORDER BY id`,
        [[first.id, second.id]],
      );
      // Grace's earlier like (its own event) first; then the three added, oldest first.
      expect(events.map((event) => [event.name, event.payload.userId, event.payload.at])).toEqual([
        ['like.created', grace, expect.any(String)],
        ['retweet.created', ada, ago(4).toISOString()],
        ['like.created', carol, ago(3).toISOString()],
        ['like.created', ada, ago(2).toISOString()],
      ]);
    });
  });
});
