import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import type { SearchResult } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');

interface User {
  id: string;
  username: string;
}

/**
 * `replay --to <service>` as operators run it (each owner's built bundle, a process of its own)
 * against the whole stack: projections that lost what events had built (Redis lost the queued
 * events, or a fixed bug needs them built again) are rebuilt from the owners' rows, through the
 * consumers' own queues; a replay stopped part way goes on where it stopped.
 */
describe('replay command', () => {
  let stack: Stack;
  let db: Client;
  let visitor: ApiClient;
  const users: Record<'ada' | 'grace', User> = {} as never;
  // Words of this run, so the expected results are exactly ours.
  const word = `replayword${process.pid}`;
  const revised = `revisedword${process.pid}`;

  const replay = async (owner: 'identity' | 'timeline', args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      [join(ROOT, 'dist/apps', owner, 'main.js'), 'replay', ...args],
      { cwd: ROOT, env: { ...process.env, ...stack.env } },
    );
    return stdout;
  };
  const count = async (sql: string): Promise<number> =>
    (await db.query<{ n: number }>(sql)).rows[0]?.n ?? -1;
  const search = async (query: string) => {
    const response = await visitor.get<SearchResult[]>(`/api/search?${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const ours = { what: 'the projections to apply the events' };
  /** Waits until the consumer has taken every event of its queue. */
  const drained = async (consumer: 'search' | 'timeline') => {
    const queue = new Queue(eventQueueName(consumer), {
      connection: bullConnection(stack.redis.url),
      prefix: bullPrefix(stack.redis.keyPrefix),
    });
    try {
      await eventually(
        () => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
        (counts) => Object.values(counts).every((n) => n === 0),
        { what: `${consumer} to take its events` },
      );
    } finally {
      await queue.close();
    }
  };

  beforeAll(async () => {
    stack = await startStack('replay');
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
    visitor = new ApiClient(stack.gateway.url);
    const clients: Record<string, ApiClient> = {};
    for (const name of ['ada', 'grace'] as const) {
      const client = new ApiClient(stack.gateway.url);
      const account = { ...newAccount(name), displayName: `${name} ${word}` };
      users[name] = (await client.post<User>('/api/register', account)).body;
      clients[name] = client;
    }
    expect((await clients['ada']!.post(`/api/users/${users.grace.id}/follow`)).status).toBe(200);
    const post = await clients['grace']!.post<{ id: string }>('/api/tweets', {
      content: `a post of the ${word}`,
    });
    expect(post.status).toBe(201);
    // Edited: search must end with its last text.
    const edited = await clients['grace']!.put(`/api/tweets/${post.body.id}`, {
      content: `a post of the ${word}, ${revised}`,
    });
    expect(edited.status).toBe(200);
    // Everything has reached the projections once.
    await eventually(
      () =>
        Promise.all([
          count(`SELECT count(*)::int AS n FROM search.posts`),
          count(`SELECT count(*)::int AS n FROM search.follows`),
          count(`SELECT count(*)::int AS n FROM timeline.follows`),
          count(`SELECT count(*)::int AS n FROM timeline.authors`),
        ]),
      (counts) => counts.every((n) => n >= 1) && counts[3] === 2,
      ours,
    );
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('rebuilds search from identity and timeline, and goes on from where a stopped replay was', async () => {
    // Search's workers may be writing these tables (a late event): a deadlock with the TRUNCATE
    // is PostgreSQL picking one side, here ours; it is tried again.
    await eventually(
      () =>
        db
          .query(
            `TRUNCATE search.users, search.follows, search.posts, search.hashtag_uses,
               search.hashtags, search.words, search.deleted_posts, search.post_edits,
               search.follow_removals`,
          )
          .then(
            () => 'done',
            (error: { code?: string }) => {
              if (error.code === '40P01') return 'deadlock';
              throw error;
            },
          ),
      (result) => result === 'done',
      { what: 'search emptied', timeoutMs: 30_000 },
    );
    expect(await search(`q=${word}&type=users`)).toEqual([]);

    // One page of one user, then stopped: the next run goes on with the second.
    expect(
      await replay('identity', ['--to', 'search', '--page-size', '1', '--max-pages', '1']),
    ).toContain('identity: paused after 1 events of users: run it again to go on');
    expect(await replay('identity', ['--to', 'search', '--page-size', '1'])).toContain(
      'identity: replayed 2 events of users, 1 events of follows',
    );
    // The post as created, and as last edited.
    expect(await replay('timeline', ['--to', 'search'])).toContain(
      'timeline: replayed 2 events of tweets',
    );

    await eventually(
      async () => (await search(`q=${word}&type=users`)).map((result) => result.id).sort(),
      (ids) => ids.length === 2,
      ours,
    );
    expect((await search(`q=${word}&type=users`)).map((result) => result.id).sort()).toEqual(
      [users.ada.id, users.grace.id].sort(),
    );
    await eventually(
      () => search(`q=${word}&type=posts`),
      (posts) => posts.length === 1,
      ours,
    );
    expect(await count(`SELECT count(*)::int AS n FROM search.follows`)).toBe(1);

    // Finished: another run (another incident) sends it all again, which changes nothing.
    expect(await replay('identity', ['--to', 'search'])).toContain(
      'identity: replayed 2 events of users, 1 events of follows',
    );
    await drained('search');
    expect(await count(`SELECT count(*)::int AS n FROM search.users`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM search.follows`)).toBe(1);
  });

  it("rebuilds timeline's projections of identity's users and follows, sending it nothing of its own", async () => {
    await db.query(`TRUNCATE timeline.authors, timeline.follows, timeline.follower_counts`);
    expect(await replay('identity', ['--to', 'timeline'])).toContain(
      'identity: replayed 2 events of users, 1 events of follows',
    );
    // Its own posts are not sent back to it.
    expect(await replay('timeline', ['--to', 'timeline'])).toContain(
      'timeline: replayed nothing (the consumer takes none of these events)',
    );
    await eventually(
      () =>
        Promise.all([
          count(`SELECT count(*)::int AS n FROM timeline.authors`),
          count(`SELECT count(*)::int AS n FROM timeline.follows`),
        ]),
      ([authors, follows]) => authors === 2 && follows === 1,
      ours,
    );
  });

  it('refuses a consumer whose projection is not rebuilt by a replay, saying which are', async () => {
    await expect(replay('identity', ['--to', 'analytics'])).rejects.toMatchObject({
      stderr: expect.stringContaining(
        '--to must be one of timeline, communities, search (the projections a replay rebuilds)',
      ),
    });
  });
});
