import { v7 as uuidv7 } from 'uuid';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import { RpcServer } from '@wave/rpc';
import type { SearchEngine } from '../src/engine/search-engine';
import { SEARCH_ENGINE } from '../src/engine/search-engine';
import type { ReindexOptions } from '../src/reindex/reindexer.service';
import { Reindexer } from '../src/reindex/reindexer.service';
import { reindexSearch } from '../src/reindex/reindex.command';
import { SearchHarness, uniqueUsername } from './search-harness';

type UserItem = RpcResponse<'identity.users-page'>['items'][number];
type FollowItem = RpcResponse<'identity.follows-page'>['items'][number];
type TweetItem = RpcResponse<'timeline.tweets-page'>['items'][number];

/**
 * The owners' page calls answered from arrays, keyset by key as identity and
 * timeline do (their own tests check the real handlers; apps/e2e runs them
 * together with this command).
 */
class OwnersStandIn {
  users: UserItem[] = [];
  follows: FollowItem[] = [];
  tweets: TweetItem[] = [];
  /** Answers fail while this is set (an owner that is down). */
  failing = false;
  calls: string[] = [];
  private readonly server: RpcServer;

  constructor(url: string, prefix: string) {
    this.server = new RpcServer({ url, prefix });
    const page = <T, K>(rows: T[], keyOf: (row: T) => K, after: K | undefined, limit: number) => {
      const order = (key: K) => JSON.stringify(key);
      const sorted = [...rows].sort((a, b) => order(keyOf(a)).localeCompare(order(keyOf(b))));
      const rest =
        after === undefined ? sorted : sorted.filter((row) => order(keyOf(row)) > order(after));
      const items = rest.slice(0, limit);
      const last = items.at(-1);
      return { items, next: rest.length > limit && last ? keyOf(last) : null };
    };
    const answer = <
      N extends 'identity.users-page' | 'identity.follows-page' | 'timeline.tweets-page',
    >(
      name: N,
      respond: (request: RpcRequest<N>) => RpcResponse<N>,
    ) =>
      this.server.handle(name, (request) => {
        this.calls.push(name);
        return this.failing
          ? Promise.reject(new Error('owner down'))
          : Promise.resolve(respond(request));
      });
    answer('identity.users-page', ({ after, limit }) =>
      page(this.users, (user) => user.id, after, limit),
    );
    answer('identity.follows-page', ({ after, limit }) =>
      page(
        this.follows,
        (f) => ({ followerId: f.followerId, followeeId: f.followeeId }),
        after,
        limit,
      ),
    );
    answer('timeline.tweets-page', ({ after, limit }) =>
      page(this.tweets, (tweet) => tweet.id, after, limit),
    );
  }

  listen(): Promise<void> {
    return this.server.listen();
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

describe(Reindexer.name, () => {
  const harness = new SearchHarness();
  let owners: OwnersStandIn;
  let ada: UserItem;
  let grace: UserItem;
  let alan: UserItem;
  let deletedTweet: TweetItem;

  const reindex = (options: Partial<ReindexOptions> = {}) =>
    reindexSearch(harness.config, { fresh: false, pageSize: 500, maxPages: null, ...options });
  const count = async (sql: string): Promise<number> =>
    (await harness.dataSource.query<{ n: number }[]>(sql))[0]?.n ?? -1;
  const followers = async (id: string): Promise<number | undefined> =>
    (
      await harness.dataSource.query<{ followers_count: number }[]>(
        `SELECT followers_count FROM search.users WHERE id = $1`,
        [id],
      )
    )[0]?.followers_count;
  const userOf = (name: string, extra: Partial<UserItem> = {}): UserItem => ({
    id: uuidv7(),
    username: uniqueUsername(name),
    displayName: `${name} display`,
    profileImageUrl: null,
    verified: false,
    version: 1,
    updatedAt: new Date().toISOString(),
    ...extra,
  });
  const tweetOf = (authorId: string, content: string, hashtags: string[] = []): TweetItem => ({
    id: uuidv7(),
    authorId,
    content,
    hashtags,
    createdAt: new Date().toISOString(),
    editedAt: null,
  });

  /** What a complete index of the stand-in's data holds, as counts. */
  const expectEverythingOnce = async () => {
    expect(await count(`SELECT count(*)::int AS n FROM search.users`)).toBe(3);
    expect(await count(`SELECT count(*)::int AS n FROM search.follows`)).toBe(3);
    expect(await count(`SELECT count(*)::int AS n FROM search.posts`)).toBe(3);
    expect(await followers(grace.id)).toBe(2);
    expect(await followers(ada.id)).toBe(1);
    expect(await followers(alan.id)).toBe(0);
    const tags = await harness.search('q=%23lovelace&type=hashtags');
    expect(tags).toMatchObject([{ id: 'lovelace', count: 2 }]);
    expect(await count(`SELECT documents AS n FROM search.words WHERE word = 'analytical'`)).toBe(
      2,
    );
    const posts = await harness.search('q=analytical&type=posts');
    expect(posts.map((post) => post.username)).toEqual([ada.username, ada.username]);
    expect(await harness.search('q=vanished&type=posts')).toEqual([]);
  };

  beforeAll(async () => {
    await harness.start('reindex');
    owners = new OwnersStandIn(harness.config.REDIS_URL, harness.config.REDIS_KEY_PREFIX);
    await owners.listen();
    ada = userOf('ada', { displayName: 'Ada Lovelace', version: 3, verified: true });
    grace = userOf('grace');
    alan = userOf('alan');
    owners.users = [ada, grace, alan];
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    owners.follows = [
      { followerId: ada.id, followeeId: grace.id, createdAt },
      { followerId: alan.id, followeeId: grace.id, createdAt },
      { followerId: grace.id, followeeId: ada.id, createdAt },
    ];
    deletedTweet = tweetOf(grace.id, 'This one vanished #gone', ['gone']);
    owners.tweets = [
      tweetOf(ada.id, 'The analytical engine #lovelace', ['lovelace']),
      tweetOf(ada.id, 'More analytical notes #Lovelace #notes', ['lovelace', 'notes']),
      tweetOf(grace.id, 'Compilers everywhere'),
    ];
  });

  afterAll(async () => {
    await owners?.close();
    await harness.stop();
  });

  it('stops after --max-pages, then continues from the saved cursors: everything indexed once', async () => {
    // The search service heard of the deletion before the rebuild: it stays deleted.
    await harness.publish('tweet.deleted', {
      tweetId: deletedTweet.id,
      authorId: grace.id,
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    owners.tweets.push(deletedTweet);
    const first = await reindex({ pageSize: 1, maxPages: 4 });
    expect(first.status).toBe('paused');
    // Users took three pages (the third had no next), follows one of three.
    expect(first.runs.map((run) => [run.source, run.pages, run.items, !!run.finishedAt])).toEqual([
      ['users', 3, 3, true],
      ['follows', 1, 1, false],
    ]);
    const [firstFollow] = [...owners.follows].sort((a, b) =>
      a.followerId === b.followerId
        ? a.followeeId.localeCompare(b.followeeId)
        : a.followerId.localeCompare(b.followerId),
    );
    expect(
      await harness.dataSource.query(
        `SELECT source, pages, cursor FROM search.reindex_runs ORDER BY source`,
      ),
    ).toEqual([
      {
        source: 'follows',
        pages: 1,
        cursor: { followerId: firstFollow?.followerId, followeeId: firstFollow?.followeeId },
      },
      { source: 'users', pages: 3, cursor: null },
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM search.follows`)).toBe(1);

    const second = await reindex({ pageSize: 2 });
    expect(second.status).toBe('finished');
    expect(second.runs.map((run) => [run.source, run.items])).toEqual([
      ['users', 3],
      ['follows', 3],
      ['posts', 4],
    ]);
    await expectEverythingOnce();
  });

  it('says so and does nothing when the last run finished, and starts over with --fresh', async () => {
    owners.calls = [];
    const again = await reindex();
    expect(again.status).toBe('already-finished');
    expect(owners.calls).toEqual([]);

    const fresh = await reindex({ fresh: true });
    expect(fresh.status).toBe('finished');
    await expectEverythingOnce();
  });

  it('keeps its cursor when an owner fails, and the next run continues from it', async () => {
    await reindex({ fresh: true, pageSize: 1, maxPages: 2 });
    owners.failing = true;
    await expect(reindex({ pageSize: 1 })).rejects.toThrow(
      'identity.users-page did not answer: identity.users-page failed',
    );
    const [users] = await harness.dataSource.query<{ pages: number }[]>(
      `SELECT pages FROM search.reindex_runs WHERE source = 'users'`,
    );
    expect(users?.pages).toBe(2);
    owners.failing = false;
    owners.calls = [];
    expect((await reindex({ pageSize: 1 })).status).toBe('finished');
    // Resumed at the third user, not the first.
    expect(owners.calls.filter((call) => call === 'identity.users-page')).toHaveLength(1);
    await expectEverythingOnce();
  }, 20_000);

  it('writes a page again (died before saving its cursor) without counting anything twice', async () => {
    const engine = harness.app.get<SearchEngine>(SEARCH_ENGINE);
    const fan = userOf('fan');
    const page = [fan, { ...ada, version: 2, displayName: 'Older name' }];
    await engine.indexUsers(page);
    await engine.indexUsers(page);
    const followedAt = new Date(Date.now() - 1_000);
    const follows = [
      { followerId: fan.id, followeeId: ada.id, createdAt: followedAt },
      { followerId: fan.id, followeeId: ada.id, createdAt: followedAt },
    ];
    await engine.indexFollows(follows);
    await engine.indexFollows(follows);
    const post = tweetOf(fan.id, 'An analytical aside #lovelace', ['lovelace', 'LOVELACE']);
    const posts = [{ ...post, createdAt: new Date(post.createdAt), editedAt: null }];
    await engine.indexPosts(posts);
    await engine.indexPosts(posts);

    expect(await followers(ada.id)).toBe(2);
    expect(await followers(fan.id)).toBe(0);
    expect((await harness.search('q=lovelace&type=users'))[0]).toMatchObject({
      id: ada.id,
      displayName: 'Ada Lovelace',
    });
    expect(await harness.search('q=%23lovelace&type=hashtags')).toMatchObject([
      { id: 'lovelace', count: 3 },
    ]);
    expect(await count(`SELECT documents AS n FROM search.words WHERE word = 'analytical'`)).toBe(
      3,
    );
    // An unfollow heard after the page was read, then the page written: the page's follow is
    // older than the unfollow, so it stays undone; a follow made later counts again.
    await engine.setFollow(fan.id, ada.id, false, new Date());
    expect(await followers(ada.id)).toBe(1);
    await engine.indexFollows(follows);
    expect(await followers(ada.id)).toBe(1);
    await engine.indexFollows([{ ...follows[0]!, createdAt: new Date(Date.now() + 1_000) }]);
    expect(await followers(ada.id)).toBe(2);
    await engine.setFollow(fan.id, ada.id, false, new Date(Date.now() + 2_000));
    await engine.clear();
    await reindex({ fresh: true });
  });

  it('refuses to run beside another reindex', async () => {
    const runner = harness.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtext('search.reindex'))`);
      expect((await reindex({ fresh: true })).status).toBe('busy');
      await runner.query(`SELECT pg_advisory_unlock(hashtext('search.reindex'))`);
    } finally {
      await runner.release();
    }
    await expectEverythingOnce();
  });
});
