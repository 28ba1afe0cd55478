import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { SearchResult } from '@wave/contracts';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const SEARCH_BUNDLE = join(ROOT, 'dist/apps/search/main.js');

interface User {
  id: string;
  username: string;
}

/**
 * The reindex command as operators run it (the built bundle, a process of its
 * own) against the whole stack: it rebuilds a lost index from identity's and
 * timeline's page calls, and an interrupted rebuild continues where it stopped.
 */
describe('search reindex command', () => {
  let stack: Stack;
  let db: Client;
  let visitor: ApiClient;
  const users: Record<'ada' | 'grace' | 'alan', User> = {} as never;
  let deletedId: string;
  const postIds: string[] = [];
  // A word of this run, so the expected results are exactly ours.
  const word = `reindexword${process.pid}`;

  const search = async (query: string) => {
    const response = await visitor.get<SearchResult[]>(`/api/search?${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const reindex = async (args: string[], env: Record<string, string> = {}) => {
    const { stdout } = await run(process.execPath, [SEARCH_BUNDLE, 'reindex', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...stack.env, ...env },
    });
    return stdout;
  };
  const count = async (sql: string): Promise<number> =>
    (await db.query<{ n: number }>(sql)).rows[0]?.n ?? -1;
  /** The index lost, tombstones included: only the owners know what exists. */
  const loseTheIndex = () =>
    db.query(
      `TRUNCATE search.users, search.follows, search.posts, search.hashtag_uses, search.hashtags,
         search.words, search.deleted_posts, search.reindex_runs`,
    );
  const followersOf = async () =>
    Object.fromEntries(
      (
        await db.query<{ id: string; followers_count: number }>(
          `SELECT id, followers_count FROM search.users WHERE id = ANY($1::uuid[])`,
          [Object.values(users).map((user) => user.id)],
        )
      ).rows.map((row) => [row.id, row.followers_count]),
    );

  /** Everything the owners hold is searchable through the gateway, once. */
  const expectTheWholeIndex = async () => {
    const people = await search(`q=${word}&type=users`);
    // The most followed first: grace (2 followers), then ada (1), then alan.
    expect(people.map((result) => result.id)).toEqual([
      users.grace.id,
      users.ada.id,
      users.alan.id,
    ]);
    expect(people[1]).toMatchObject({ displayName: `Countess ${word}` });
    expect(await followersOf()).toEqual({
      [users.ada.id]: 1,
      [users.grace.id]: 2,
      [users.alan.id]: 0,
    });
    const posts = await search(`q=${word}%20engine&type=posts`);
    expect(posts.map((result) => result.id).sort()).toEqual([...postIds].sort());
    expect(posts.find((post) => post.username === users.ada.username)).toMatchObject({
      displayName: `Countess ${word}`,
    });
    expect(await search(`q=${word}%20vanishing&type=posts`)).toEqual([]);
    expect(await search(`q=%23babbage${process.pid}&type=hashtags`)).toMatchObject([
      { type: 'hashtag', id: `babbage${process.pid}`, count: 3 },
    ]);
    expect(await search(`q=%23gone${process.pid}&type=hashtags`)).toEqual([]);
    expect(await count(`SELECT documents AS n FROM search.words WHERE word = 'engine'`)).toBe(3);
  };

  beforeAll(async () => {
    stack = await startStack('reindex');
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
    visitor = new ApiClient(stack.gateway.url);
    const clients: Partial<Record<keyof typeof users, ApiClient>> = {};
    for (const name of ['ada', 'grace', 'alan'] as const) {
      const client = new ApiClient(stack.gateway.url);
      const account = {
        ...newAccount(`${word.slice(0, 12)}${name}`),
        displayName: `${name} ${word}`,
      };
      const response = await client.post<User>('/api/register', account);
      expect(response.status).toBe(201);
      users[name] = response.body;
      clients[name] = client;
    }
    const { ada, grace, alan } = clients as Record<keyof typeof users, ApiClient>;
    for (const [client, followee] of [
      [ada, users.grace],
      [alan, users.grace],
      [grace, users.ada],
    ] as const) {
      expect((await client.post(`/api/users/${followee.id}/follow`)).status).toBe(200);
    }
    // A newer version of ada, which the rebuild must bring (not the registration's).
    expect((await ada.put('/api/users/profile', { displayName: `Countess ${word}` })).status).toBe(
      200,
    );
    const tag = `#babbage${process.pid}`;
    for (const [client, content] of [
      [ada, `${word} engine notes ${tag}`],
      [grace, `${word} engine compilers ${tag} #cobol`],
      [alan, `${word} engine machines ${tag}`],
    ] as const) {
      const posted = await client.post<{ id: string }>('/api/tweets', { content });
      expect(posted.status).toBe(201);
      postIds.push(posted.body.id);
    }
    const doomed = await ada.post<{ id: string }>('/api/tweets', {
      content: `${word} engine vanishing #gone${process.pid}`,
    });
    deletedId = doomed.body.id;
    // Indexed before it is deleted, and its tombstone written before the index
    // is cleared: a create event still in flight after the clear would bring
    // the post back (the tombstone that refuses it is cleared too).
    await eventually(
      () => search(`q=${word}%20vanishing&type=posts`),
      (results) => results.length === 1,
      { timeoutMs: 15_000, what: 'the doomed post indexed' },
    );
    expect((await ada.delete(`/api/tweets/${deletedId}`)).status).toBe(204);
    await eventually(
      () => count(`SELECT count(*)::int AS n FROM search.deleted_posts WHERE id = '${deletedId}'`),
      (n) => n === 1,
      { timeoutMs: 15_000, what: 'the deletion reaching the index' },
    );
    // The events have reached the index: what is cleared below was really there.
    await eventually(
      () => search(`q=${word}%20engine&type=posts`),
      (results) => results.length === 3,
      { timeoutMs: 15_000, what: 'the posts indexed from events' },
    );
    await eventually(followersOf, (counts) => counts[users.grace.id] === 2, {
      what: 'follower counts from events',
    });
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('rebuilds a lost index from identity and timeline, logging its progress', async () => {
    await loseTheIndex();
    expect(await search(`q=${word}&type=all`)).toEqual([]);

    const stdout = await reindex([], { LOG_LEVEL: 'info' });
    expect(stdout).toContain('search: reindexed 3 users, 3 follows, 3 posts');
    // JSON log lines from the service's logger: pages, items and rate per source.
    const progress = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { service?: string; message?: string });
    expect(progress).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service: 'search',
          message: expect.stringMatching(/^Reindexed posts: 1 pages, 3 items, \d+ items\/s$/),
        }),
      ]),
    );
    await expectTheWholeIndex();

    // A finished rebuild is not repeated unless asked to start over.
    expect(await reindex([])).toContain('nothing to do (--fresh rebuilds from scratch)');
    expect(await reindex(['--fresh'])).toContain('reindexed 3 users, 3 follows, 3 posts');
    await expectTheWholeIndex();
  }, 60_000);

  it('continues an interrupted rebuild where it stopped, indexing everything once', async () => {
    await loseTheIndex();
    const paused = await reindex(['--page-size', '1', '--max-pages', '4']);
    expect(paused).toContain('paused after the page limit');
    // Users done (three pages, the last one ending them), one follow of three.
    expect(await count(`SELECT count(*)::int AS n FROM search.users`)).toBe(3);
    expect(await count(`SELECT count(*)::int AS n FROM search.follows`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM search.posts`)).toBe(0);

    // Killed mid-run (wherever it got to), then run to the end.
    const child: ChildProcess = spawn(
      process.execPath,
      [SEARCH_BUNDLE, 'reindex', '--page-size', '1'],
      { cwd: ROOT, env: { ...process.env, ...stack.env }, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await eventually(
      () => count(`SELECT coalesce(sum(pages), 0)::int AS n FROM search.reindex_runs`),
      (pages) => pages > 4,
      { intervalMs: 5, timeoutMs: 15_000, what: 'a page of the second run' },
    );
    child.kill('SIGKILL');
    await exited;

    expect(await reindex(['--page-size', '1'])).toMatch(
      /search: (reindexed 3 users, 3 follows, 3 posts|the last reindex finished)/,
    );
    await expectTheWholeIndex();
  }, 60_000);
});
