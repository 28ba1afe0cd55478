import type { RpcResponse } from '@wave/contracts';
import { RpcClient } from '@wave/rpc';
import { RawRpcCaller } from '@wave/testing';
import { CommunitiesRpcServer } from '../src/rpc/communities-rpc.server';
import { CommunitiesHarness } from './communities-harness';

describe(CommunitiesRpcServer.name, () => {
  const harness = new CommunitiesHarness();
  let rpc: RpcClient;
  /** Sends without the client's validation, as a broken caller would. */
  let raw: RawRpcCaller;
  const communities: { id: string; ownerId: string }[] = [];
  let coOwner = '';

  const sendRaw = (data: unknown) => raw.send('communities.communities-page', data);

  beforeAll(async () => {
    await harness.start('rpc_communities_page');
    rpc = new RpcClient({ url: harness.config.REDIS_URL, prefix: harness.config.REDIS_KEY_PREFIX });
    raw = new RawRpcCaller(harness.config.REDIS_URL, harness.config.REDIS_KEY_PREFIX);
    const [ada, grace] = [await harness.user(), await harness.user()];
    for (const [ownerId, overrides] of [
      [ada, {}],
      [grace, { isPrivate: true }],
      [ada, {}],
      [grace, {}],
      [ada, {}],
    ] as const) {
      const created = await harness.community(ownerId, overrides);
      communities.push({ id: created.id, ownerId });
    }
    // A settings change bumps the version the events (and the pages) carry.
    await harness.ok(
      'PUT',
      `/api/communities/${communities[0]?.id}`,
      ada,
      { description: 'Changed once' },
      200,
    );
    // Grace joins ada's first community and is made an owner too.
    coOwner = grace;
    await harness.ok('POST', `/api/communities/${communities[0]?.id}/join`, grace, undefined, 200);
    await harness.ok(
      'PUT',
      `/api/communities/${communities[0]?.id}/members/${grace}/role`,
      ada,
      { role: 'owner' },
      200,
    );
  });

  afterAll(async () => {
    await raw?.close();
    await rpc?.close();
    await harness.stop();
  });

  it('pages through every community once, in id order, as the community events describe them', async () => {
    const seen: RpcResponse<'communities.communities-page'>['items'] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await rpc.call('communities.communities-page', {
        ...(after ? { after } : {}),
        limit: 2,
      });
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      if (page.next === null) break;
      expect(page.next).toBe(page.items.at(-1)?.id);
      after = page.next;
    }
    expect(pages).toBe(3);
    expect(seen.map((community) => community.id)).toEqual(
      communities.map((community) => community.id).sort(),
    );
    const rows: {
      id: string;
      created_by: string;
      name: string;
      is_private: boolean;
      version: number;
      created_at: Date;
      updated_at: Date;
    }[] = await harness.dataSource.query(
      `SELECT id, created_by, name, is_private, version, created_at, updated_at
       FROM communities.communities ORDER BY id`,
    );
    expect(seen).toEqual(
      rows.map((row) => ({
        id: row.id,
        ownerId: row.created_by,
        name: row.name,
        isPrivate: row.is_private,
        version: row.version,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        ownerIds:
          row.id === communities[0]?.id ? [row.created_by, coOwner].sort() : [row.created_by],
      })),
    );
    const byId = new Map(seen.map((community) => [community.id, community]));
    for (const { id, ownerId } of communities) expect(byId.get(id)).toMatchObject({ ownerId });
    expect(byId.get(communities[0]?.id ?? '')).toMatchObject({ version: 2, isPrivate: false });
    expect(byId.get(communities[1]?.id ?? '')).toMatchObject({ version: 1, isPrivate: true });
    // The time of the last change, as its community.updated said; the creation's until then.
    const [changed] = await harness.dataSource.query<{ updatedAt: string }[]>(
      `SELECT payload->>'updatedAt' AS "updatedAt" FROM communities.outbox
       WHERE name = 'community.updated' AND payload->>'communityId' = $1`,
      [communities[0]?.id],
    );
    expect(byId.get(communities[0]?.id ?? '')?.updatedAt).toBe(changed?.updatedAt);
    const unchanged = byId.get(communities[1]?.id ?? '');
    expect(unchanged?.updatedAt).toBe(unchanged?.createdAt);
  });

  it('ends with next null when the last page is exactly full', async () => {
    const page = await rpc.call('communities.communities-page', { limit: communities.length });
    expect(page.items).toHaveLength(communities.length);
    expect(page.next).toBeNull();
    const after = await rpc.call('communities.communities-page', {
      after: page.items.at(-1)?.id,
      limit: 10,
    });
    expect(after).toEqual({ items: [], next: null });
  });

  it('answers at most the limit, and refuses a limit out of 1..1000 or a bad cursor', async () => {
    const one = await rpc.call('communities.communities-page', { limit: 1 });
    expect(one.items).toHaveLength(1);
    expect(one.next).toBe(one.items[0]?.id);
    await expect(rpc.call('communities.communities-page', { limit: 1001 })).rejects.toThrow();
    await expect(sendRaw({ limit: 1001 })).rejects.toMatchObject({
      message: expect.stringContaining('Invalid communities.communities-page request'),
    });
    await expect(sendRaw({ limit: 0 })).rejects.toMatchObject({
      message: expect.stringContaining('Invalid communities.communities-page request'),
    });
    await expect(sendRaw({ after: 'nope', limit: 10 })).rejects.toMatchObject({
      message: expect.stringContaining('Invalid communities.communities-page request'),
    });
  });
});
