import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from '../support/api-client';
import type { Stack } from '../support/stack';
import { startStack } from '../support/stack';
import type { Outcome, WrittenText } from './ledger';
import { Ledger } from './ledger';
import type { OracleReport } from './oracle';
import { FEED_LIMIT, feedProblems, runOracle } from './oracle';
import { outcomeOf } from './workload';

interface Member {
  id: string;
  api: ApiClient;
}

/**
 * The chaos runner's oracle against a real stack: quiet after a few writes made through the
 * gateway (and recorded in a ledger as the workload records them), and loud about each kind of
 * corruption made behind the services' backs, in the database or in a cached home timeline.
 */
describe('chaos oracle', () => {
  let stack: Stack;
  let db: Client;
  let redis: Redis;
  const ledger = new Ledger();
  const sessions = new Map<string, string>();
  const members = {} as Record<'ada' | 'bob' | 'cy', Member>;
  const tweets = {} as Record<'ada1' | 'ada2' | 'bob1' | 'cy1' | 'reply', string>;
  // Every text of the run is unique, as the workload's are.
  const text = (what: string) => `oracle ${process.pid} ${what}`;

  /** The oracle, reading the home feeds of `readers` (none: the SQL checks alone). */
  const oracle = (readers = sessions): Promise<OracleReport> =>
    runOracle({
      databaseUrl: stack.database.url,
      gatewayUrl: stack.gateway.url,
      ledger,
      sessions: readers,
    });
  const agrees = (readers = sessions) =>
    eventually(
      () => oracle(readers),
      (report) => report.problems.length === 0,
      { timeoutMs: 30_000, intervalMs: 250, what: 'the oracle to find nothing' },
    );
  /** Until the projections have caught up: the SQL checks (feeds are not read meanwhile). */
  const settled = () => agrees(new Map());
  /** Until timeline has taken every event of its queue (fan-out included). */
  const timelineDrained = async () => {
    const queue = new Queue(eventQueueName('timeline'), {
      connection: bullConnection(stack.redis.url),
      prefix: bullPrefix(stack.redis.keyPrefix),
    });
    try {
      await eventually(
        () => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
        (counts) => Object.values(counts).every((n) => n === 0),
        { what: 'timeline to take its events' },
      );
    } finally {
      await queue.close();
    }
  };
  const finds = (pattern: RegExp) =>
    eventually(oracle, (report) => report.problems.some((problem) => pattern.test(problem)), {
      timeoutMs: 15_000,
      intervalMs: 250,
      what: `the oracle to report ${pattern}`,
    });

  const register = async (prefix: string): Promise<Member> => {
    const api = new ApiClient(stack.gateway.url);
    const account = newAccount(prefix);
    const response = await api.post<{ id: string }>('/api/register', account);
    expect(response.status).toBe(201);
    const { id } = response.body;
    ledger.users.set(id, { id, ...account });
    sessions.set(id, api.sessionCookie!);
    return { id, api };
  };
  /** Writes a text through the API and records it in `list` as the workload would. */
  const write = async <T extends WrittenText>(
    list: T[],
    member: Member,
    path: string,
    content: string,
    fields: Omit<T, keyof WrittenText>,
  ): Promise<string> => {
    const response = await member.api.post<{ id: string }>(path, { content });
    const outcome = outcomeOf(response.status);
    list.push({
      ...fields,
      outcome,
      id: outcome === 'acknowledged' ? response.body.id : null,
      authorId: member.id,
      content,
    } as T);
    return outcome === 'acknowledged' ? response.body.id : '';
  };
  const toggle = async (
    relations: Ledger['follows'],
    member: Member,
    targetId: string,
    on: boolean,
    path: string,
  ) => {
    const sentAt = Date.now();
    const response = on ? await member.api.post(path) : await member.api.delete(path);
    expect(response.status).toBe(200);
    const timing = { sentAt, endedAt: Date.now(), finished: true };
    ledger.toggle(relations, member.id, targetId, on, outcomeOf(response.status), timing);
  };
  /** Runs `check` against a corruption, then `undo`es it (whatever `check` did) and waits for quiet. */
  const undoing = async (undo: () => Promise<unknown>, check: () => Promise<unknown>) => {
    try {
      await check();
    } finally {
      await undo();
    }
    await agrees();
  };
  const homeKey = (userId: string) => `${stack.redis.keyPrefix}timeline:home:{${userId}}`;

  beforeAll(async () => {
    stack = await startStack('oracle');
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
    redis = new Redis(stack.redis.url, { lazyConnect: true });
    await redis.connect();
    members.ada = await register('ada');
    members.bob = await register('bob');
    members.cy = await register('cy');
    const { ada, bob, cy } = members;

    // A sign-up whose answer the runner would have lost: it must have made one account at most.
    const dan = newAccount('dan');
    expect((await new ApiClient(stack.gateway.url).post('/api/register', dan)).status).toBe(201);
    ledger.uncertainSignUps.push(dan.username);
    // Each projection knows the members before they follow anyone, and a follow before it is
    // undone: the oracle is what is tested here, not how the projections take a follow and its
    // undoing handled at the same moment (timeline and search can then keep it: the chaos
    // runner's business).
    await settled();

    await toggle(ledger.follows, ada, bob.id, true, `/api/users/${bob.id}/follow`);
    await toggle(ledger.follows, ada, cy.id, true, `/api/users/${cy.id}/follow`);
    await settled();
    await toggle(ledger.follows, ada, cy.id, false, `/api/users/${cy.id}/follow`);
    await toggle(ledger.follows, bob, ada.id, true, `/api/users/${ada.id}/follow`);
    await toggle(ledger.follows, cy, bob.id, true, `/api/users/${bob.id}/follow`);

    tweets.ada1 = await write(ledger.tweets, ada, '/api/tweets', text('ada one'), {
      parentId: null,
    });
    tweets.bob1 = await write(ledger.tweets, bob, '/api/tweets', text('bob one'), {
      parentId: null,
    });
    tweets.cy1 = await write(ledger.tweets, cy, '/api/tweets', text('cy one'), { parentId: null });
    tweets.reply = await write(
      ledger.tweets,
      bob,
      `/api/tweets/${tweets.ada1}/reply`,
      text('bob replies'),
      { parentId: tweets.ada1 },
    );
    tweets.ada2 = await write(ledger.tweets, ada, '/api/tweets', text('ada two'), {
      parentId: null,
    });
    // Refused (too long): it must not exist.
    await write(ledger.tweets, cy, '/api/tweets', `${text('too long')} ${'x'.repeat(281)}`, {
      parentId: null,
    });
    expect(ledger.tweets.map((tweet) => tweet.outcome)).toEqual([
      ...Array<Outcome>(5).fill('acknowledged'),
      'refused',
    ]);

    await toggle(ledger.likes, ada, tweets.bob1, true, `/api/tweets/${tweets.bob1}/like`);
    await toggle(ledger.likes, bob, tweets.ada1, true, `/api/tweets/${tweets.ada1}/like`);
    await toggle(ledger.likes, cy, tweets.ada1, true, `/api/tweets/${tweets.ada1}/like`);
    await toggle(ledger.likes, cy, tweets.reply, true, `/api/tweets/${tweets.reply}/like`);
    // Into ada's feed (she follows bob); cy's is not (she unfollowed cy).
    await toggle(ledger.retweets, bob, tweets.cy1, true, `/api/tweets/${tweets.cy1}/retweet`);
    await toggle(ledger.retweets, cy, tweets.bob1, true, `/api/tweets/${tweets.bob1}/retweet`);

    const community = await ada.api.post<{ id: string }>('/api/communities', {
      name: `Oracle ${process.pid}`,
      category: 'Technology',
      description: 'Where the oracle looks',
    });
    expect(community.status).toBe(201);
    const communityId = community.body.id;
    ledger.toggle(ledger.memberships, ada.id, communityId, true, 'acknowledged', {
      sentAt: Date.now(),
      endedAt: Date.now(),
      finished: true,
    });
    await toggle(
      ledger.memberships,
      bob,
      communityId,
      true,
      `/api/communities/${communityId}/join`,
    );
    await toggle(ledger.memberships, cy, communityId, true, `/api/communities/${communityId}/join`);
    const adaPost = await write(
      ledger.communityPosts,
      ada,
      `/api/communities/${communityId}/posts`,
      text('ada in the community'),
      { communityId },
    );
    await write(
      ledger.communityPosts,
      bob,
      `/api/communities/${communityId}/posts`,
      text('bob in the community'),
      { communityId },
    );
    await write(ledger.comments, cy, `/api/posts/${adaPost}/comments`, text('cy comments'), {
      postId: adaPost,
    });
    expect((await bob.api.post(`/api/posts/${adaPost}/like`)).status).toBe(200);
    expect(ledger.communityPosts.every((post) => post.outcome === 'acknowledged')).toBe(true);
    expect(ledger.comments.map((comment) => comment.outcome)).toEqual(['acknowledged']);
  });
  afterAll(async () => {
    await db?.end();
    redis?.disconnect();
    await stack?.stop();
  });

  it('finds nothing once the projections have caught up, with every check run', async () => {
    // The feeds are first read once every event is in (a read while fan-out is in flight is
    // another race, the runner's to find).
    await settled();
    await timelineDrained();
    const report = await agrees();
    expect(report).toMatchObject({ problems: [], lost: 0, duplicates: 0, notes: [] });
    // The SQL checks, and a feed per member.
    expect(report.checks).toBeGreaterThan(20 + sessions.size);
    // Cheap enough to run every second.
    const started = Date.now();
    expect((await oracle()).problems).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The page it compared: ada's and bob's posts, bob's retweet of cy's; not bob's reply, nor
    // cy's retweet (ada unfollowed cy).
    const page = await members.ada.api.get<{
      items: { id: string; retweetedBy: { id: string } | null }[];
    }>(`/api/tweets?limit=${FEED_LIMIT}`);
    expect(page.body.items.map((item) => [item.id, item.retweetedBy?.id ?? null])).toEqual([
      [tweets.cy1, members.bob.id],
      [tweets.ada2, null],
      [tweets.bob1, null],
      [tweets.ada1, null],
    ]);
  });

  it('reports a write made twice (two rows with the same author and text)', async () => {
    const copy = randomUUID();
    await db.query(
      `INSERT INTO timeline.tweets (id, author_id, content, created_at)
       SELECT $2, author_id, content, created_at FROM timeline.tweets WHERE id = $1`,
      [tweets.bob1, copy],
    );
    await undoing(
      () => db.query('DELETE FROM timeline.tweets WHERE id = $1', [copy]),
      async () => {
        const report = await finds(
          new RegExp(
            `exactly once \\(tweets\\): acknowledged write ${tweets.bob1} .*: 2 rows carry its text`,
          ),
        );
        expect(report.duplicates).toBeGreaterThanOrEqual(1);
        // Nor do search and the other projections know of the copy.
        expect(report.problems).toContainEqual(
          expect.stringMatching(
            `projection \\(search.posts\\): tweet ${copy}: missing from search.posts`,
          ),
        );
      },
    );
  });

  it('reports an acknowledged like that is gone', async () => {
    const { ada } = members;
    const { rows } = await db.query<{ created_at: Date }>(
      'DELETE FROM timeline.likes WHERE tweet_id = $1 AND user_id = $2 RETURNING created_at',
      [tweets.bob1, ada.id],
    );
    expect(rows).toHaveLength(1);
    await undoing(
      () =>
        db.query('INSERT INTO timeline.likes (tweet_id, user_id, created_at) VALUES ($1, $2, $3)', [
          tweets.bob1,
          ada.id,
          rows[0]!.created_at,
        ]),
      async () => {
        const report = await finds(
          new RegExp(
            `relations: like of ${tweets.bob1} by ${ada.id}: expected true, timeline.likes has none`,
          ),
        );
        expect(report.lost).toBe(1);
        // Its counter no longer matches its rows either.
        expect(report.problems).toContainEqual(
          expect.stringMatching(
            `counters \\(timeline.tweets\\): tweet ${tweets.bob1}: likes_count 1 \\(rows 0\\)`,
          ),
        );
      },
    );
  });

  it('reports a counter off by one', async () => {
    const bob = members.bob.id;
    const move = (by: number) =>
      db.query('UPDATE identity.users SET followers_count = followers_count + $2 WHERE id = $1', [
        bob,
        by,
      ]);
    await move(1);
    await undoing(
      () => move(-1),
      () =>
        finds(
          new RegExp(`counters \\(identity.users\\): user ${bob}: followers_count 3 \\(rows 2\\)`),
        ),
    );
  });

  it('reports a post missing from the search index', async () => {
    await db.query('CREATE TEMP TABLE kept_post AS SELECT * FROM search.posts WHERE id = $1', [
      tweets.ada2,
    ]);
    await db.query('DELETE FROM search.posts WHERE id = $1', [tweets.ada2]);
    await undoing(
      async () => {
        await db.query('INSERT INTO search.posts SELECT * FROM kept_post');
        await db.query('DROP TABLE kept_post');
      },
      () =>
        finds(
          new RegExp(
            `projection \\(search.posts\\): tweet ${tweets.ada2}: missing from search.posts`,
          ),
        ),
    );
  });

  it("reports a follow missing from timeline's projection", async () => {
    const { ada, bob } = members;
    const { rows } = await db.query<{ created_at: Date }>(
      `DELETE FROM timeline.follows WHERE follower_id = $1 AND followee_id = $2
       RETURNING created_at`,
      [ada.id, bob.id],
    );
    expect(rows).toHaveLength(1);
    await undoing(
      () =>
        db.query(
          'INSERT INTO timeline.follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)',
          [ada.id, bob.id, rows[0]!.created_at],
        ),
      async () => {
        const report = await finds(
          new RegExp(
            `projection \\(timeline.follows\\): follow ${ada.id} -> ${bob.id}: in identity.follows, missing`,
          ),
        );
        // Timeline's follower count of bob still counts it.
        expect(report.problems).toContainEqual(
          expect.stringMatching(
            `counters \\(timeline.follower_counts\\): user ${bob.id}: timeline.follower_counts 2, timeline.follows rows 1`,
          ),
        );
      },
    );
  });

  it('reports an entry that does not belong in a cached home timeline, and one missing from it', async () => {
    const { ada, cy } = members;
    const key = homeKey(ada.id);
    // Ada's timeline is cached (the oracle read it), with her newest post in it.
    await eventually(
      async () => {
        await ada.api.get(`/api/tweets?limit=${FEED_LIMIT}`);
        return redis.zscore(key, `p:${tweets.ada2}`);
      },
      (score) => score !== null,
      { what: "ada's cached home timeline" },
    );

    // cy's retweet of bob's post is real, but ada does not follow cy.
    const intruder = `r:${tweets.bob1}:${cy.id}`;
    await redis.zadd(key, Date.now(), intruder);
    await undoing(
      () => redis.zrem(key, intruder),
      async () => {
        const report = await finds(
          new RegExp(
            `feed of ${ada.id}: ${intruder} shows a retweet by ${cy.id}, whom the reader does not follow`,
          ),
        );
        // It stands in for bob's post itself, which a page shows once.
        expect(report.problems).toContainEqual(
          expect.stringMatching(
            `feed of ${ada.id}: missing p:${tweets.bob1} \\(the post is shown as ${intruder}`,
          ),
        );
      },
    );

    const member = `p:${tweets.ada2}`;
    const score = await redis.zscore(key, member);
    await redis.zrem(key, member);
    await undoing(
      () => redis.zadd(key, score!, member),
      () =>
        finds(
          new RegExp(`feed of ${ada.id}: missing ${member}, newer than the page's oldest entry`),
        ),
    );
  });

  it('reports writes the ledger says differently of: lost, refused but made', async () => {
    const written = ledger.tweets.find((tweet) => tweet.id === tweets.cy1)!;
    const lostId = randomUUID();
    ledger.tweets.push(
      { ...written, outcome: 'refused', id: null },
      {
        outcome: 'acknowledged',
        id: lostId,
        authorId: members.cy.id,
        content: text('never'),
        parentId: null,
      },
    );
    try {
      const report = await oracle();
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            `exactly once \\(tweets\\): refused write \\(no id\\) by ${members.cy.id}, .*: 1 rows carry its text`,
          ),
          expect.stringMatching(`exactly once \\(tweets\\): acknowledged write ${lostId} .*: lost`),
        ]),
      );
      expect(report.lost).toBe(1);
    } finally {
      ledger.tweets.splice(-2, 2);
    }
    await agrees();
  });

  it('reports an entry or a post twice on a page (the service shows each post once)', () => {
    const [post, other, retweeter] = [randomUUID(), randomUUID(), randomUUID()];
    const found = feedProblems({
      readerId: 'reader',
      page: [
        { tweetId: post, retweetedBy: retweeter },
        { tweetId: post, retweetedBy: retweeter },
        { tweetId: other, retweetedBy: null },
        { tweetId: post, retweetedBy: null },
      ],
      limit: FEED_LIMIT,
      facts: new Map(),
      expected: [],
      readStartedAt: Date.now(),
    });
    expect(found.duplicates).toBe(2);
    expect(found.problems).toEqual([
      `feed of reader: entry r:${post}:${retweeter} appears twice`,
      `feed of reader: post ${post} appears twice (as r:${post}:${retweeter} and p:${post})`,
    ]);
  });
});
