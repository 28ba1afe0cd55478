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
 * events, how it resumes after an owner failed, and the one job that runs it at start.
 */
describe('Backfill of users and communities', () => {
  const sut = new AnalyticsHarness();
  let owners: RpcServer;
  const users: UserItem[] = [];
  const communities: CommunityItem[] = [];
  /** Every page asked of the stand-ins: `users <after>` or `communities <after>`. */
  const asked: string[] = [];
  /** The users page after this cursor fails (an owner restarting), while set. */
  let failAfter: string | null = null;

  const backfill = () => sut.app.get(ProjectionsBackfillService);
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
  const community = (ownerId: string, isPrivate: boolean, version = 1): CommunityItem => ({
    id: uuidv7(),
    ownerId,
    name: `Community ${communities.length + 1}`,
    isPrivate,
    version,
    createdAt: new Date('2026-02-03T04:05:06.000Z').toISOString(),
  });

  beforeAll(async () => {
    await sut.start('backfill', { PUBLIC_ORIGIN: ORIGIN });
    owners = new RpcServer({ url: sut.config.REDIS_URL, prefix: sut.config.REDIS_KEY_PREFIX });
    owners.handle('identity.users-page', ({ after, limit }) => {
      asked.push(`users ${after ?? '-'}`);
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
    asked.length = 0;
    failAfter = null;
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
    await sut.publish('community.updated', {
      communityId: turned.id,
      name: turned.name,
      description: '',
      category: 'technology',
      isPrivate: true,
      iconUrl: null,
      version: 3,
      updatedAt: new Date().toISOString(),
    });

    const done = await backfill().run(2);

    expect(done.map((run) => [run.source, run.pages, run.items])).toEqual([
      ['users', 3, 5],
      ['communities', 2, 3],
    ]);
    const sortedUsers = [...users].sort((a, b) => a.id.localeCompare(b.id));
    expect(asked).toEqual([
      'users -',
      `users ${sortedUsers[1]?.id}`,
      `users ${sortedUsers[3]?.id}`,
      'communities -',
      `communities ${[...communities].sort((a, b) => a.id.localeCompare(b.id))[1]?.id}`,
    ]);
    const stored = await sut.dataSource.query<{ id: string; username: string; version: number }[]>(
      `SELECT id, username, version FROM analytics.users`,
    );
    expect(new Map(stored.map((row) => [row.id, [row.username, row.version]]))).toEqual(
      new Map(
        users.map((row) => [
          row.id,
          row === edsger ? ['dijkstra', 5] : [row.username, row.version],
        ]),
      ),
    );
    const owned = await sut.dataSource.query<
      { id: string; owner_id: string; is_private: boolean }[]
    >(`SELECT id, owner_id, is_private FROM analytics.communities ORDER BY id`);
    expect(owned).toEqual(
      [
        { id: open.id, owner_id: ada.id, is_private: false },
        { id: closed.id, owner_id: grace.id, is_private: true },
        { id: turned.id, owner_id: ada.id, is_private: true },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

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

  it('continues after the last page written when an owner fails midway', async () => {
    const sorted = [...users].sort((a, b) => a.id.localeCompare(b.id));
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
    expect(asked[0]).toBe(`users ${sorted[1]!.id}`);
    expect(await runs()).toEqual([
      expect.objectContaining({ source: 'communities', pages: 2, items: 3, finished: true }),
      expect.objectContaining({ source: 'users', pages: 3, items: 5, finished: true }),
    ]);
  });

  it('runs as one job when the service starts with work left, and not once finished', async () => {
    const queue = new Queue(BACKFILL_QUEUE, {
      connection: bullConnection(sut.config.REDIS_URL),
      prefix: bullPrefix(sut.config.REDIS_KEY_PREFIX),
    });
    try {
      await sut.app.close();
      sut.config = { ...sut.config, BACKFILL_ON_START: true };
      await sut.startApp();
      await eventually(runs, (rows) => rows.length === 2 && rows.every((run) => run.finished));
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
