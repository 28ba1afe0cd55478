import { v7 as uuidv7 } from 'uuid';
import { RpcClient } from '@wave/rpc';
import { RawRpcCaller } from '@wave/testing';
import { IdentityRpcServer } from '../src/rpc/identity-rpc.server';
import { IdentityHarness } from './identity-harness';

interface FollowKey {
  followerId: string;
  followeeId: string;
}

describe(IdentityRpcServer.name, () => {
  const harness = new IdentityHarness();
  let rpc: RpcClient;
  /** Sends without the client's validation, as a broken caller would. */
  let raw: RawRpcCaller;
  const users: { id: string }[] = [];
  const follows: FollowKey[] = [];

  const sendRaw = (name: 'identity.users-page' | 'identity.follows-page', data: unknown) =>
    raw.send(name, data);

  beforeAll(async () => {
    await harness.start('rpc_pages');
    rpc = new RpcClient({ url: harness.config.REDIS_URL, prefix: harness.config.REDIS_KEY_PREFIX });
    raw = new RawRpcCaller(harness.config.REDIS_URL, harness.config.REDIS_KEY_PREFIX);
    for (const name of ['ada', 'grace', 'alan', 'edsger', 'barbara']) {
      users.push(await harness.register(name));
    }
    const [ada, grace, alan] = users;
    for (const [follower, followee] of [
      [ada, grace],
      [ada, alan],
      [grace, ada],
      [alan, grace],
      [grace, alan],
    ] as const) {
      const response = await harness.call('POST', `/api/users/${followee?.id}/follow`, {
        as: follower?.id,
      });
      expect(response.statusCode).toBe(200);
      follows.push({ followerId: follower?.id ?? '', followeeId: followee?.id ?? '' });
    }
    // A profile change bumps the version the events (and the pages) carry.
    const renamed = await harness.call('PUT', '/api/users/profile', {
      as: ada?.id,
      body: { displayName: 'Countess of Lovelace' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  afterAll(async () => {
    await raw?.close();
    await rpc?.close();
    await harness.stop();
  });

  it('pages through every user once, in id order, as the user events describe them', async () => {
    const seen: { id: string; displayName: string; version: number; verified: boolean }[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await rpc.call('identity.users-page', { ...(after ? { after } : {}), limit: 2 });
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      if (page.next === null) break;
      expect(page.next).toBe(page.items.at(-1)?.id);
      after = page.next;
    }
    expect(pages).toBe(3);
    const ids = users.map((user) => user.id).sort();
    expect(seen.map((user) => user.id)).toEqual(ids);
    const rows: {
      id: string;
      display_name: string;
      version: number;
      verified: boolean;
      updated_at: Date;
    }[] = await harness.dataSource.query(
      `SELECT id, display_name, version, verified, updated_at FROM identity.users ORDER BY id`,
    );
    expect(seen).toEqual(
      rows.map((row) => ({
        id: row.id,
        username: expect.any(String),
        displayName: row.display_name,
        profileImageUrl: null,
        verified: row.verified,
        version: row.version,
        // When the profile last changed, so a projection keeps the newer of page and event.
        updatedAt: row.updated_at.toISOString(),
      })),
    );
    expect(seen.find((user) => user.id === users[0]?.id)).toMatchObject({
      displayName: 'Countess of Lovelace',
      version: 2,
    });
  });

  it('ends with next null when the last page is exactly full', async () => {
    const page = await rpc.call('identity.users-page', { limit: users.length });
    expect(page.items).toHaveLength(users.length);
    expect(page.next).toBeNull();
    const after = await rpc.call('identity.users-page', {
      after: page.items.at(-1)?.id,
      limit: 10,
    });
    expect(after).toEqual({ items: [], next: null });
  });

  it('pages through every follow once, in (follower, followee) order', async () => {
    const seen: FollowKey[] = [];
    let after: FollowKey | undefined;
    for (;;) {
      const page = await rpc.call('identity.follows-page', {
        ...(after ? { after } : {}),
        limit: 2,
      });
      for (const item of page.items) {
        // Each follow with when it was made (the search index orders it against unfollows).
        expect(Date.parse(item.createdAt)).toBeGreaterThan(Date.now() - 3_600_000);
        seen.push({ followerId: item.followerId, followeeId: item.followeeId });
      }
      if (page.next === null) break;
      const last = page.items.at(-1);
      expect(page.next).toEqual({ followerId: last?.followerId, followeeId: last?.followeeId });
      after = page.next;
    }
    const byKey = (a: FollowKey, b: FollowKey) =>
      a.followerId === b.followerId
        ? a.followeeId.localeCompare(b.followeeId)
        : a.followerId.localeCompare(b.followerId);
    expect(seen).toEqual([...follows].sort(byKey));
  });

  it("tells the users' current images, for the check of claims on profile and cover images", async () => {
    const unknown = '0190b1de-1111-7000-8000-00000000dead';
    const [ada = '', grace = ''] = users.map((user) => user.id);
    const avatar = '/objects/uploads/0190b1de-1111-7000-8000-0000000000a1';
    const cover = '/objects/uploads/0190b1de-1111-7000-8000-0000000000c1';
    for (const [imageUrl, imageType] of [
      [avatar, 'profile'],
      [cover, 'cover'],
    ]) {
      const response = await harness.call('PUT', '/api/users/profile/images', {
        as: ada,
        body: { imageUrl, imageType },
      });
      expect(response.statusCode).toBe(200);
    }

    const answer = await rpc.call('identity.user-images', { ids: [unknown, ada, grace] });

    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(answer.users.sort(byId)).toEqual(
      [
        { id: ada, profileImageUrl: avatar, coverImageUrl: cover },
        { id: grace, profileImageUrl: null, coverImageUrl: null },
      ].sort(byId),
    );
    await expect(
      rpc.call('identity.user-images', { ids: Array<string>(501).fill(unknown) }),
    ).rejects.toThrow();
  });

  it('tells whom a member follows among some users, for recommendations', async () => {
    const [ada, grace, alan, edsger] = users;
    const answer = await rpc.call('identity.followed-among', {
      followerId: ada!.id,
      ids: [grace!.id, alan!.id, edsger!.id, uuidv7()],
    });
    expect(answer.followed.sort()).toEqual([grace!.id, alan!.id].sort());
    expect(
      (await rpc.call('identity.followed-among', { followerId: edsger!.id, ids: [ada!.id] }))
        .followed,
    ).toEqual([]);
    await expect(
      rpc.call('identity.followed-among', { followerId: ada!.id, ids: [] }),
    ).rejects.toThrow();
  });

  it('answers at most the limit, and refuses a limit out of 1..1000 or a bad cursor', async () => {
    expect((await rpc.call('identity.users-page', { limit: 1 })).items).toHaveLength(1);
    await expect(rpc.call('identity.users-page', { limit: 1001 })).rejects.toThrow();
    await expect(sendRaw('identity.users-page', { limit: 5000 })).rejects.toMatchObject({
      message: expect.stringContaining('Invalid identity.users-page request'),
    });
    await expect(sendRaw('identity.users-page', { limit: 0 })).rejects.toBeDefined();
    await expect(
      sendRaw('identity.users-page', { after: 'nope', limit: 10 }),
    ).rejects.toBeDefined();
    await expect(
      sendRaw('identity.follows-page', { after: { followerId: users[0]?.id }, limit: 10 }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Invalid identity.follows-page request'),
    });
  });
});
