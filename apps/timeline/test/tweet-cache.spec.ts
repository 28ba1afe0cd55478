import { Client } from 'pg';
import type { FeedItemResponse, TweetResponse } from '@wave/contracts';
import { seededRandom } from '@wave/demo-data';
import { decodePin, decodeRelation, decodeTweet } from '../src/tweet-cache/tweet-cache.codec';
import { TweetCacheStore } from '../src/tweet-cache/tweet-cache.store';
import { TweetViewsService } from '../src/tweet-cache/tweet-views.service';
import { eventually, TimelineHarness, uniqueUsername } from './timeline-harness';

interface StoredTweet {
  id: string;
  content: string;
  likes_count: number;
  retweets_count: number;
  replies_count: number;
  edited_at: Date | null;
  version: string;
  is_pinned: boolean;
}

/** Runs the tasks `concurrency` at a time. */
async function runConcurrently(tasks: (() => Promise<unknown>)[], concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) await tasks[next++]?.();
    }),
  );
}

describe('the tweet cache', () => {
  const sut = new TimelineHarness();

  beforeAll(() => sut.start('tweet-cache'));
  afterAll(() => sut.stop());

  const stored = async (ids: string[]): Promise<Map<string, StoredTweet>> => {
    const rows: StoredTweet[] = await sut.dataSource.query(
      `SELECT t.id, t.content, t.likes_count, t.retweets_count, t.replies_count, t.edited_at,
              t.version, EXISTS (SELECT 1 FROM timeline.pins p WHERE p.tweet_id = t.id) AS is_pinned
       FROM timeline.tweets t WHERE t.id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  };
  /** Identity's word that the member now has this name (their profile's second version). */
  const renamed = (userId: string, username: string, displayName: string, verified: boolean) =>
    sut.publish('user.updated', {
      userId,
      username,
      displayName,
      firstName: null,
      lastName: null,
      bio: null,
      coverImageUrl: null,
      profileImageUrl: null,
      verified,
      version: 2,
      updatedAt: new Date().toISOString(),
    });
  const storedRelation = async (userId: string, tweetId: string) => {
    const [row] = await sut.dataSource.query<{ liked: boolean; retweeted: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM timeline.likes WHERE tweet_id = $1 AND user_id = $2) AS liked,
              EXISTS (SELECT 1 FROM timeline.retweets WHERE tweet_id = $1 AND user_id = $2) AS retweeted`,
      [tweetId, userId],
    );
    return row!;
  };
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string,
    body?: object,
  ) => {
    const response = await sut.call(method, url, { as, ...(body ? { body } : {}) });
    // A tweet deleted meanwhile answers 404: the race is the point.
    if (response.statusCode >= 500) throw new Error(`${method} ${url}: ${response.body}`);
    return response;
  };

  it('agrees with PostgreSQL after concurrent likes, retweets, replies, edits, pins, deletes, reads and evictions', async () => {
    const author = await sut.user(uniqueUsername('author'));
    const members = await Promise.all(
      Array.from({ length: 8 }, (_, index) => sut.user(uniqueUsername(`member${index}`))),
    );
    const tweets = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => (await sut.post(author, `post ${index}`)).id),
    );
    const doomed = new Set(tweets.slice(0, 2));
    const next = seededRandom(20261128);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

    const tasks: (() => Promise<unknown>)[] = [];
    for (let step = 0; step < 400; step += 1) {
      const tweet = pick(tweets);
      const member = pick(members);
      const roll = next();
      if (roll < 0.2) tasks.push(() => ok('POST', `/api/tweets/${tweet}/like`, member));
      else if (roll < 0.32) tasks.push(() => ok('DELETE', `/api/tweets/${tweet}/like`, member));
      else if (roll < 0.44) tasks.push(() => ok('POST', `/api/tweets/${tweet}/retweet`, member));
      else if (roll < 0.52) tasks.push(() => ok('DELETE', `/api/tweets/${tweet}/retweet`, member));
      else if (roll < 0.56)
        tasks.push(() => ok('POST', `/api/tweets/${tweet}/reply`, member, { content: 'reply' }));
      else if (roll < 0.62)
        tasks.push(() => ok('PUT', `/api/tweets/${tweet}`, author, { content: `edit ${step}` }));
      else if (roll < 0.65) tasks.push(() => ok('POST', `/api/tweets/${tweet}/pin`, author));
      else if (roll < 0.67) tasks.push(() => ok('DELETE', '/api/tweets/pin', author));
      else if (roll < 0.72)
        // Lost values, so that reads fill the cache while writes run.
        tasks.push(() =>
          sut.redis.del(`tweet:{${tweet}}`, `relations:{${member}}`, `author:{${author}}`),
        );
      else tasks.push(() => ok('GET', `/api/tweets/${tweet}`, member));
      if (step === 200)
        for (const id of doomed) tasks.push(() => ok('DELETE', `/api/tweets/${id}`, author));
    }
    await runConcurrently(tasks, 16);

    const truth = await stored(tweets);
    for (const id of doomed) expect(truth.has(id)).toBe(false);
    const [pin] = await sut.dataSource.query<{ tweet_id: string | null; version: number }[]>(
      `SELECT tweet_id, version FROM timeline.pins WHERE user_id = $1`,
      [author],
    );
    const cachedPin = await sut.redis.get(`pin:{${author}}`);
    if (cachedPin !== null) {
      expect(decodePin(author, cachedPin)).toEqual({
        userId: author,
        tweetId: pin?.tweet_id ?? null,
        version: pin?.version ?? 0,
      });
    }
    for (const id of tweets) {
      const raw = await sut.redis.get(`tweet:{${id}}`);
      const cached = raw === null ? null : decodeTweet(id, raw);
      const row = truth.get(id);
      if (!row) {
        // A deleted tweet is a tombstone or nothing, never its old state.
        expect(cached === null || cached === 'deleted').toBe(true);
        continue;
      }
      if (cached !== null) {
        expect(cached).not.toBe('deleted');
        expect(cached).toMatchObject({
          content: row.content,
          likesCount: row.likes_count,
          retweetsCount: row.retweets_count,
          repliesCount: row.replies_count,
          editedAt: row.edited_at,
          version: Number(row.version),
        });
      }
      for (const member of members) {
        const relation = await storedRelation(member, id);
        const field = await sut.redis.hget(`relations:{${member}}`, id);
        if (field !== null) expect(decodeRelation(field)).toMatchObject(relation);
        const read = await sut.call('GET', `/api/tweets/${id}`, { as: member });
        expect(read.json<TweetResponse>()).toMatchObject({
          content: row.content,
          likesCount: row.likes_count,
          retweetsCount: row.retweets_count,
          repliesCount: row.replies_count,
          isPinned: row.is_pinned,
          isLiked: relation.liked,
          isRetweeted: relation.retweeted,
        });
      }
    }
  });

  it('answers a warm home-feed read without querying PostgreSQL for its posts, authors or flags', async () => {
    const reader = await sut.user(uniqueUsername('warm'));
    const author = await sut.user(uniqueUsername('source'));
    await sut.follow(reader, author);
    const posts = [];
    for (let index = 0; index < 5; index += 1) posts.push(await sut.post(author, `warm ${index}`));
    for (const post of posts) await sut.waitForFanOut(post.id);
    await sut.call('POST', `/api/tweets/${posts[2]!.id}/like`, { as: reader });
    // The like's event, which timeline hears too, is handled before PostgreSQL is watched.
    await sut.ownEventHandled('like.created', { tweetId: posts[2]!.id, userId: reader });
    const cold = await sut.feed(reader);

    const query = jest.spyOn(Client.prototype, 'query');
    try {
      const warm = await sut.feed(reader);
      expect(warm).toEqual(cold);
      expect(warm.items.map((item) => item.isLiked)).toEqual([false, false, true, false, false]);
      // Only the outbox relay's polling may run meanwhile.
      const statements = query.mock.calls.map(([statement]) =>
        typeof statement === 'string' ? statement : JSON.stringify(statement),
      );
      expect(statements.filter((text) => !/outbox/i.test(text))).toEqual([]);

      // The spy does see the service's queries: the reader's flags, once lost, are read again.
      await sut.redis.del(`relations:{${reader}}`);
      expect(await sut.feed(reader)).toEqual(cold);
      const after = query.mock.calls
        .slice(statements.length)
        .map(([statement]) => String(statement));
      expect(after.some((text) => /likes/.test(text))).toBe(true);
    } finally {
      query.mockRestore();
    }
  });

  it('refuses a fill that read before a write committed, even when the write was lost meanwhile', async () => {
    const store = sut.app.get(TweetCacheStore);
    const author = await sut.user(uniqueUsername('leased'));
    const tweet = await sut.post(author, 'version race');
    const key = `tweet:{${tweet.id}}`;
    const [stored] = await sut.dataSource.query<{ version: string }[]>(
      `SELECT version FROM timeline.tweets WHERE id = $1`,
      [tweet.id],
    );
    const version = Number(stored!.version);
    const state = {
      id: tweet.id,
      authorId: author,
      content: 'version race',
      imageUrls: [],
      linkPreview: null,
      parentId: null,
      repliesCount: 0,
      retweetsCount: 0,
      likesCount: 0,
      createdAt: new Date(tweet.createdAt),
      editedAt: null,
    };
    await sut.redis.del(key);

    // A reader leases and reads the old state; a writer commits a newer one; the value is lost.
    const leases = await store.lease('tweet', [tweet.id]);
    await store.putTweets([{ ...state, likesCount: 1, version: version + 1 }]);
    await sut.redis.del(key);
    await store.putTweets([{ ...state, version }], [], leases);
    expect(await sut.redis.get(key)).toBeNull();

    // Without a write in between, the fill lands; a second reader without the lease does not.
    const first = await store.lease('tweet', [tweet.id]);
    const second = await store.lease('tweet', [tweet.id]);
    expect(second.ids.size).toBe(0);
    await store.putTweets([{ ...state, version: version + 2 }], [], second);
    expect(await sut.redis.get(key)).toBeNull();
    await store.putTweets([{ ...state, version: version + 2 }], [], first);
    expect(decodeTweet(tweet.id, (await sut.redis.get(key)) ?? '')).toMatchObject({
      version: version + 2,
    });
  });

  it('makes good, from its own events, writes whose handing-over to the cache was lost', async () => {
    const views = sut.app.get(TweetViewsService);
    const author = await sut.user(uniqueUsername('lost'));
    const member = await sut.user(uniqueUsername('lostreader'));
    const kept = await sut.post(author, 'liked, edited and pinned');
    const doomed = await sut.post(author, 'to be deleted');
    const parent = await sut.post(author, 'replied to');
    // Cached as they are now: the posts, the member's flags, the author's pin.
    for (const id of [kept.id, doomed.id, parent.id]) await ok('GET', `/api/tweets/${id}`, member);
    expect(await sut.redis.get(`tweet:{${kept.id}}`)).not.toBeNull();
    expect(await sut.redis.get(`pin:{${author}}`)).not.toBeNull();
    expect(await sut.redis.hget(`relations:{${member}}`, '~')).not.toBeNull();

    // Every handing-over after a commit is lost from here on (the process dies there, or Redis
    // fails at that moment): only the writes' events can tell the cache.
    const lost = jest.spyOn(views, 'committed').mockResolvedValue();
    try {
      await ok('POST', `/api/tweets/${kept.id}/like`, member);
      await ok('POST', `/api/tweets/${kept.id}/retweet`, member);
      await ok('DELETE', `/api/tweets/${kept.id}/retweet`, member);
      await ok('PUT', `/api/tweets/${kept.id}`, author, { content: 'edited after' });
      await ok('POST', `/api/tweets/${kept.id}/pin`, author);
      await ok('DELETE', `/api/tweets/${doomed.id}`, author);
      await ok('POST', `/api/tweets/${parent.id}/reply`, member, { content: 'a reply' });
      expect(lost).toHaveBeenCalledTimes(7);
    } finally {
      lost.mockRestore();
    }

    const cached = async () => ({
      kept: decodeTweet(kept.id, (await sut.redis.get(`tweet:{${kept.id}}`)) ?? ''),
      doomed: decodeTweet(doomed.id, (await sut.redis.get(`tweet:{${doomed.id}}`)) ?? ''),
      parent: decodeTweet(parent.id, (await sut.redis.get(`tweet:{${parent.id}}`)) ?? ''),
      relation: decodeRelation((await sut.redis.hget(`relations:{${member}}`, kept.id)) ?? ''),
      pin: decodePin(author, (await sut.redis.get(`pin:{${author}}`)) ?? ''),
    });
    const now = await eventually(
      cached,
      ({ kept: post, doomed: gone, parent: replied, relation, pin }) =>
        post !== null &&
        post !== 'deleted' &&
        post.content === 'edited after' &&
        gone === 'deleted' &&
        replied !== null &&
        replied !== 'deleted' &&
        replied.repliesCount === 1 &&
        relation?.liked === true &&
        !relation.retweeted &&
        pin?.tweetId === kept.id,
      { what: 'the cache to agree with PostgreSQL after the lost handing-overs' },
    );
    expect(now.kept).toMatchObject({ likesCount: 1, retweetsCount: 0 });
    const read = await ok('GET', `/api/tweets/${kept.id}`, member);
    expect(read.json<TweetResponse>()).toMatchObject({
      content: 'edited after',
      likesCount: 1,
      isLiked: true,
      isRetweeted: false,
      isPinned: true,
    });
    expect((await sut.call('GET', `/api/tweets/${doomed.id}`, { as: member })).statusCode).toBe(
      404,
    );
  });

  it('shows a new author name on cached tweets once the projection has it', async () => {
    const author = await sut.user(uniqueUsername('renamed'));
    const tweet = await sut.post(author, 'before the rename');
    await sut.call('GET', `/api/tweets/${tweet.id}`, { as: null });
    const username = uniqueUsername('newname');
    await renamed(author, username, 'New Name', true);
    const read = await sut.call('GET', `/api/tweets/${tweet.id}`, { as: null });
    expect(read.json<TweetResponse>().author).toMatchObject({
      username,
      displayName: 'New Name',
      verified: true,
    });
  });

  it("shows an author's new name in a feed it has already rendered", async () => {
    const reader = await sut.user(uniqueUsername('rendered'));
    const name = uniqueUsername('known');
    const author = await sut.user(name);
    await sut.follow(reader, author);
    const tweet = await sut.post(author, 'rendered once, then its author is renamed');
    await sut.waitForFanOut(tweet.id);
    for (let read = 0; read < 2; read += 1) {
      const [item] = (await sut.feed(reader)).items;
      expect(item?.author).toMatchObject({ username: name, displayName: `${name} display` });
    }

    const username = uniqueUsername('renamed');
    await renamed(author, username, 'Renamed Author', false);
    const [after] = (await sut.feed(reader)).items;
    expect(after?.author).toMatchObject({ username, displayName: 'Renamed Author' });
  });

  it('reads from PostgreSQL alone while the cache cannot be read, and gives the same answer', async () => {
    const author = await sut.user(uniqueUsername('plain'));
    const reader = await sut.user(uniqueUsername('reader'));
    const tweet = await sut.post(author, 'read me either way');
    await sut.call('POST', `/api/tweets/${tweet.id}/like`, { as: reader });
    const warm = await sut.call('GET', `/api/tweets/${tweet.id}`, { as: reader });
    // A value of the wrong type makes every read of the key fail, as a broken cache would.
    await sut.redis.del(`relations:{${reader}}`);
    await sut.redis.set(`relations:{${reader}}`, 'not a hash');
    const cold = await sut.call('GET', `/api/tweets/${tweet.id}`, { as: reader });
    expect(cold.statusCode).toBe(200);
    expect(cold.json()).toEqual(warm.json());
    expect(cold.json<TweetResponse>()).toMatchObject({ isLiked: true, likesCount: 1 });
    await sut.redis.del(`relations:{${reader}}`);
  });

  it('rebuilds home timelines lost in the middle of reads without losing or repeating a post', async () => {
    const reader = await sut.user(uniqueUsername('walker'));
    const authors = await Promise.all(
      Array.from({ length: 3 }, (_, index) => sut.user(uniqueUsername(`source${index}`))),
    );
    for (const author of authors) await sut.follow(reader, author);
    const posted: string[] = [];
    for (let index = 0; index < 45; index += 1) {
      const tweet = await sut.post(authors[index % authors.length]!, `walk ${index}`);
      posted.push(tweet.id);
    }
    for (const id of posted) await sut.waitForFanOut(id);
    const expected = [...posted].reverse();

    const walk = async (loseAfterPage: number | null): Promise<string[]> => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let page = 0;
      do {
        const query: string = `?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
        const { items, nextCursor }: { items: FeedItemResponse[]; nextCursor: string | null } =
          await sut.feed(reader, query);
        seen.push(...items.map((item) => item.id));
        cursor = nextCursor;
        page += 1;
        if (page === loseAfterPage) await loseEverythingCached();
      } while (cursor);
      return seen;
    };
    const loseEverythingCached = async () => {
      const prefix = sut.config.REDIS_KEY_PREFIX;
      for (const pattern of ['timeline:*', 'tweet:*', 'author:*', 'relations:*']) {
        const keys = await sut.redis.keys(`${prefix}${pattern}`);
        if (keys.length > 0) await sut.redis.del(...keys.map((key) => key.slice(prefix.length)));
      }
    };

    expect(await walk(null)).toEqual(expected);
    // Walks that lose the cache at each page, several at once.
    const walks = await Promise.all([1, 2, 3, 4, 5, 6].map((page) => walk(page)));
    for (const seen of walks) expect(seen).toEqual(expected);
  });
});
