import { v7 as uuidv7 } from 'uuid';
import type { RpcResponse } from '@wave/contracts';
import { RpcServer, RpcUnavailableError } from '@wave/rpc';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix } from '@wave/redis';
import { eventually } from '@wave/testing';
import { BACKFILL_QUEUE } from '../src/backfill/backfill.worker';
import { ProjectionsBackfillService } from '../src/backfill/projections-backfill.service';
import { AnalyticsHarness } from './analytics-harness';

const ORIGIN = 'https://wave.test';

type UserItem = RpcResponse<'identity.users-page'>['items'][number];
type CommunityItem = RpcResponse<'communities.communities-page'>['items'][number];

/** Rows after `after` in id order, `limit` of them, and the next cursor (null after the last). */
function keysetPageOf<T extends { id: string }>(
  rows: T[],
  after: string | undefined,
  limit: number,
) {
  const rest = [...rows]
    .sort((a, b) => a.id.localeCompare(b.id))
    .filter((row) => !after || row.id > after);
  const items = rest.slice(0, limit);
  return { items, next: rest.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * The backfill of the users and communities projections, against stand-ins for identity and
 * communities answering the real RPC calls over Redis: what it writes, what it leaves to newer
 * events and what newer pages change, how it resumes after an owner failed, two runs at once,
 * and the one job that runs it at start.
 */
describe('Backfill of users and communities', () => {
  const sut = new AnalyticsHarness();
  let owners: RpcServer;
  /** What the stand-ins hold (each test its own). */
  const users: UserItem[] = [];
  const communities: CommunityItem[] = [];
  /** Every page asked of the stand-ins: `users <after>` or `communities <after>`. */
  const asked: string[] = [];
  /** The users page after this cursor fails (an owner restarting), while set. */
  let failAfter: string | null = null;
  /** The next this many users pages fail (an owner not started yet). */
  let failNext = 0;

  const backfill = () => sut.app.get(ProjectionsBackfillService);
  const byId = <T extends { id: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.id.localeCompare(b.id));
  const runs = () =>
    sut.dataSource.query<
      { source: string; cursor: string | null; pages: number; items: number; finished: boolean }[]
    >(
      `SELECT source, cursor, pages, items, finished_at IS NOT NULL AS finished
       FROM analytics.backfill_runs ORDER BY source`,
    );
  const sitemap = async (name: string) => {
    const answer = await sut.call('GET', `/sitemaps/${name}-1.xml`);
    return answer.statusCode === 200 ? answer.body : '';
  };
  const user = (username: string, version = 1): UserItem => ({
    id: uuidv7(),
    username,
    displayName: username,
    profileImageUrl: null,
    verified: false,
    version,
    updatedAt: new Date('2026-01-02T03:04:05.000Z').toISOString(),
  });
  const community = (
    ownerId: string,
    isPrivate: boolean,
    version = 1,
    updatedAt = '2026-02-03T04:05:06.000Z',
  ): CommunityItem => ({
    id: uuidv7(),
    ownerId,
    name: `Community ${uuidv7().slice(-6)}`,
    isPrivate,
    version,
    createdAt: new Date('2026-02-03T04:05:06.000Z').toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
    ownerIds: [ownerId],
  });
  const ownersOf = async (communityId: string) =>
    (
      await sut.dataSource.query<{ user_id: string }[]>(
        `SELECT user_id FROM analytics.community_owners
         WHERE community_id = $1 AND is_owner ORDER BY user_id`,
        [communityId],
      )
    ).map((row) => row.user_id);
  const communityRow = async (id: string) =>
    (
      await sut.dataSource.query<
        { owner_id: string | null; is_private: boolean; version: number | null }[]
      >(`SELECT owner_id, is_private, version FROM analytics.communities WHERE id = $1`, [id])
    )[0];
  const updateCommunity = (
    item: CommunityItem,
    isPrivate: boolean,
    version: number | undefined,
    updatedAt: string,
  ) =>
    sut.publish('community.updated', {
      communityId: item.id,
      name: item.name,
      description: '',
      category: 'technology',
      isPrivate,
      iconUrl: null,
      ...(version === undefined ? {} : { version }),
      updatedAt,
    });

  beforeAll(async () => {
    await sut.start('backfill', { PUBLIC_ORIGIN: ORIGIN });
    owners = new RpcServer({ url: sut.config.REDIS_URL, prefix: sut.config.REDIS_KEY_PREFIX });
    owners.handle('identity.users-page', ({ after, limit }) => {
      asked.push(`users ${after ?? '-'}`);
      if (failNext > 0) {
        failNext -= 1;
        return Promise.reject(new Error('identity is starting'));
      }
      if (failAfter !== null && after === failAfter) {
        return Promise.reject(new Error('identity is restarting'));
      }
      return Promise.resolve(keysetPageOf(users, after, limit));
    });
    owners.handle('communities.communities-page', ({ after, limit }) => {
      asked.push(`communities ${after ?? '-'}`);
      return Promise.resolve(keysetPageOf(communities, after, limit));
    });
    await owners.listen();
  });

  afterAll(async () => {
    await owners?.close();
    await sut.stop();
  });

  beforeEach(async () => {
    users.length = 0;
    communities.length = 0;
    asked.length = 0;
    failAfter = null;
    failNext = 0;
    await sut.dataSource.query(`DELETE FROM analytics.backfill_runs`);
  });

  it('fills the projections page by page, and newer events win over older rows', async () => {
    users.push(user('ada'), user('grace'), user('alan'), user('edsger', 2), user('barbara'));
    const [ada, grace, , edsger] = users as [UserItem, UserItem, UserItem, UserItem, UserItem];
    // Analytics heard a newer state of edsger (version 5) than the page will bring (2).
    await sut.publish('user.updated', {
      userId: edsger.id,
      username: 'dijkstra',
      displayName: 'Edsger',
      profileImageUrl: null,
      verified: false,
      version: 5,
      firstName: null,
      lastName: null,
      bio: '',
      coverImageUrl: null,
      updatedAt: new Date().toISOString(),
    });
    communities.push(
      community(ada.id, false),
      community(grace.id, true),
      community(ada.id, false, 2),
    );
    const [open, closed, turned] = communities as [CommunityItem, CommunityItem, CommunityItem];
    // And heard that the third turned private at version 3 (the page still says public, 2).
    await updateCommunity(turned, true, 3, new Date().toISOString());

    const done = await backfill().run(2);

    expect(done.map((run) => [run.source, run.pages, run.items])).toEqual([
      ['users', 3, 5],
      ['communities', 2, 3],
    ]);
    expect(asked).toEqual([
      'users -',
      `users ${byId(users)[1]?.id}`,
      `users ${byId(users)[3]?.id}`,
      'communities -',
      `communities ${byId(communities)[1]?.id}`,
    ]);
    const stored = await sut.dataSource.query<{ id: string; username: string; version: number }[]>(
      `SELECT id, username, version FROM analytics.users WHERE id = ANY($1::uuid[])`,
      [users.map((row) => row.id)],
    );
    expect(new Map(stored.map((row) => [row.id, [row.username, row.version]]))).toEqual(
      new Map(
        users.map((row) => [
          row.id,
          row === edsger ? ['dijkstra', 5] : [row.username, row.version],
        ]),
      ),
    );
    expect(await communityRow(open.id)).toEqual({
      owner_id: ada.id,
      is_private: false,
      version: 1,
    });
    expect(await communityRow(closed.id)).toEqual({
      owner_id: grace.id,
      is_private: true,
      version: 1,
    });
    expect(await communityRow(turned.id)).toEqual({
      owner_id: ada.id,
      is_private: true,
      version: 3,
    });
    expect(await ownersOf(open.id)).toEqual([ada.id]);

    // The sitemaps list every member, and the public communities only.
    const profiles = await sitemap('profiles');
    for (const row of users) expect(profiles).toContain(`<loc>${ORIGIN}/profile/${row.id}</loc>`);
    const listed = await sitemap('communities');
    expect(listed).toContain(`<loc>${ORIGIN}/community/${open.id}</loc>`);
    expect(listed).not.toContain(closed.id);
    expect(listed).not.toContain(turned.id);

    // Finished, a second run asks nothing.
    asked.length = 0;
    await backfill().run(2);
    expect(asked).toEqual([]);
    expect(await backfill().pending()).toBe(false);
  });

  it('brings a community known at an older version up to date, and older events then change nothing', async () => {
    const owner = uuidv7();
    const item = community(owner, true, 3, '2026-03-01T00:00:00.000Z');
    // Analytics heard it created public (version 1), and its page was viewed.
    await sut.publish('community.created', {
      communityId: item.id,
      ownerId: owner,
      name: item.name,
      description: '',
      category: 'technology',
      isPrivate: false,
      createdAt: item.createdAt,
    });
    const path = `/community/${item.id}`;
    sut.track(path);
    await sut.settleViews();
    const pageRows = () =>
      sut.dataSource.query(`SELECT 1 FROM analytics.seo_pages WHERE path = $1`, [path]);
    expect(await pageRows()).toHaveLength(1);
    expect(await sitemap('communities')).toContain(item.id);

    communities.push(item);
    await backfill().run(10);
    expect(await communityRow(item.id)).toEqual({ owner_id: owner, is_private: true, version: 3 });
    expect(await sitemap('communities')).not.toContain(item.id);
    expect(await pageRows()).toHaveLength(0);

    // Late deliveries of older changes: one without a version (placed by its time, before the
    // page's), one with an older version.
    await updateCommunity(item, false, undefined, '2026-02-15T00:00:00.000Z');
    await updateCommunity(item, false, 2, '2026-02-20T00:00:00.000Z');
    expect(await communityRow(item.id)).toEqual({ owner_id: owner, is_private: true, version: 3 });
    expect(await sitemap('communities')).not.toContain(item.id);
  });

  it('takes every owner a community has now, and later changes of role win over the page', async () => {
    const [creator, promoted] = [uuidv7(), uuidv7()];
    const item = { ...community(creator, false), ownerIds: [creator, promoted].sort() };
    communities.push(item);
    await backfill().run(10);
    expect(await ownersOf(item.id)).toEqual([creator, promoted].sort());

    // A change of role after the page was read wins; an older event delivered late does not.
    await sut.publish('community.role.changed', {
      communityId: item.id,
      userId: promoted,
      role: 'moderator',
      at: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(await ownersOf(item.id)).toEqual([creator]);
    await sut.publish('community.joined', {
      communityId: item.id,
      userId: promoted,
      role: 'owner',
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await ownersOf(item.id)).toEqual([creator]);
  });

  it('continues after the last page written when an owner fails midway', async () => {
    users.push(user('frances'), user('jean'), user('hedy'));
    const sorted = byId(users);
    failAfter = sorted[1]!.id;

    await expect(backfill().run(2)).rejects.toBeInstanceOf(RpcUnavailableError);
    expect(await runs()).toEqual([
      { source: 'users', cursor: sorted[1]!.id, pages: 1, items: 2, finished: false },
    ]);
    expect(await backfill().pending()).toBe(true);

    failAfter = null;
    asked.length = 0;
    await backfill().run(2);
    // Not from the start: from the page that failed.
    expect(asked).toEqual([`users ${sorted[1]!.id}`, 'communities -']);
    expect(await runs()).toEqual([
      expect.objectContaining({ source: 'communities', pages: 1, items: 0, finished: true }),
      expect.objectContaining({ source: 'users', pages: 2, items: 3, finished: true }),
    ]);
  });

  it('writes each page once when two runs go at once', async () => {
    users.push(...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => user(`twice_${name}`)));
    communities.push(community(uuidv7(), false), community(uuidv7(), false));

    await Promise.all([backfill().run(1), backfill().run(1)]);

    // Pages may be read twice; each is written once, so the counts are the owners'.
    expect(await runs()).toEqual([
      expect.objectContaining({ source: 'communities', pages: 2, items: 2, finished: true }),
      expect.objectContaining({ source: 'users', pages: 7, items: 7, finished: true }),
    ]);
  });

  it('runs as one job when the service starts with work left, retries an owner not ready yet, and not once finished', async () => {
    users.push(user('katherine'), user('dorothy'));
    communities.push(community(users[0]!.id, false));
    // Identity is still starting: the first page is refused, the job tries again (after 2 s).
    failNext = 1;
    const queue = new Queue(BACKFILL_QUEUE, {
      connection: bullConnection(sut.config.REDIS_URL),
      prefix: bullPrefix(sut.config.REDIS_KEY_PREFIX),
    });
    try {
      await sut.app.close();
      sut.config = { ...sut.config, BACKFILL_ON_START: true };
      await sut.startApp();
      await eventually(runs, (rows) => rows.length === 2 && rows.every((run) => run.finished), {
        timeoutMs: 20_000,
        what: 'the backfill job to finish',
      });
      expect(asked.filter((call) => call === 'users -')).toHaveLength(2);
      expect(await runs()).toEqual([
        expect.objectContaining({ source: 'communities', items: 1 }),
        expect.objectContaining({ source: 'users', items: 2 }),
      ]);
      // The finished job is gone; the next start adds none and asks nothing.
      await eventually(
        () => queue.getJobCounts(),
        (counts) => Object.values(counts).every((n) => n === 0),
      );
      asked.length = 0;
      await sut.app.close();
      await sut.startApp();
      expect(await queue.getJobCounts()).toEqual(
        expect.objectContaining({ waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 }),
      );
      expect(asked).toEqual([]);
    } finally {
      await queue.close();
    }
  });
});
