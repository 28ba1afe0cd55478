import type { UserResponse } from '@wave/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail, generateDemoData } from '@wave/demo-data';
import type { MediaUploadsStandIn } from '@wave/testing';
import { startMediaUploadsStandIn } from '@wave/testing';
import { AuthService } from '../src/auth/auth.service';
import type { IdentityConfig } from '../src/config/identity.config';
import { seedIdentity } from '../src/seed/seed';
import { IdentityHarness } from './identity-harness';

// Fifty sign-ups, a hundred pictures and six hundred follows.
jest.setTimeout(120_000);

describe(seedIdentity.name, () => {
  const harness = new IdentityHarness();
  let uploads: MediaUploadsStandIn;
  let config: IdentityConfig;
  const now = new Date();
  const data = generateDemoData('default', now);
  const count = async (sql: string): Promise<number> =>
    (await harness.dataSource.query<{ n: number }[]>(sql))[0]?.n ?? 0;

  beforeAll(async () => {
    await harness.start('identity_seed');
    uploads = await startMediaUploadsStandIn(harness.config.INTERNAL_AUTH_SECRET);
    config = { ...harness.config, MEDIA_URL: uploads.url };
  });

  afterAll(async () => {
    await harness.stop();
    await uploads?.close();
  });

  it('signs the members up on the days they joined, with their profiles and pictures', async () => {
    expect(await seedIdentity(config, { size: 'default', now })).toEqual({
      members: data.members.length,
      follows: data.follows.length,
    });
    expect(await count(`SELECT count(*)::int AS n FROM identity.users`)).toBe(data.members.length);

    const ada = await harness.call('GET', '/api/users/ada', { as: null });
    const profile = ada.json<UserResponse>();
    expect(profile).toMatchObject({
      displayName: DEMO_ACCOUNTS[0].displayName,
      bio: DEMO_ACCOUNTS[0].bio,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    // Uploaded as the member, then claimed for their profile and cover.
    const mine = uploads.uploads.filter((upload) => upload.ownerId === profile.id);
    expect(mine.map((upload) => upload.objectPath).sort()).toEqual(
      [profile.profileImageUrl, profile.coverImageUrl].sort(),
    );
    expect(mine.every((upload) => upload.contentType === 'image/webp')).toBe(true);
    expect(uploads.uploads).toHaveLength(2 * data.members.length);
    expect(harness.heldClaims()).toHaveLength(2 * data.members.length);

    const joined = await harness.dataSource.query<{ username: string; created_at: Date }[]>(
      `SELECT username, created_at FROM identity.users`,
    );
    const joinedAt = new Map(data.members.map((member) => [member.username, member.joinedAt]));
    for (const row of joined)
      expect(row.created_at.getTime()).toBe(joinedAt.get(row.username)?.getTime());
  });

  it('lets every member sign in with the demo password', async () => {
    // Asked of the service itself: passport keeps one strategy per name for the whole
    // process, and the seed's (closed) application context registered the last one.
    const auth = harness.app.get(AuthService);
    for (const member of [data.members[0]!, data.members.at(-1)!]) {
      const user = await auth.validateCredentials({
        email: demoEmail(member.username),
        password: DEMO_PASSWORD,
      });
      expect(user?.username).toBe(member.username);
    }
  });

  it('makes the follow graph, each follow on its day, with exact counts', async () => {
    expect(await count(`SELECT count(*)::int AS n FROM identity.follows`)).toBe(
      data.follows.length,
    );
    const first = data.follows[0]!;
    const rows = await harness.dataSource.query<{ created_at: Date }[]>(
      `SELECT f.created_at FROM identity.follows f
       JOIN identity.users a ON a.id = f.follower_id JOIN identity.users b ON b.id = f.followee_id
       WHERE a.username = $1 AND b.username = $2`,
      [first.follower, first.followee],
    );
    expect(rows[0]?.created_at.getTime()).toBe(first.at.getTime());
    const followers = data.follows.filter((follow) => follow.followee === 'ada').length;
    const ada = await harness.call('GET', '/api/users/ada', { as: null });
    expect(ada.json<UserResponse>().followersCount).toBe(followers);
    // The events went out as for any follow.
    expect(
      await count(`SELECT count(*)::int AS n FROM identity.outbox WHERE name = 'follow.created'`),
    ).toBe(data.follows.length);
  });

  it('writes nothing the second time', async () => {
    const before = await count(
      `SELECT (SELECT count(*) FROM identity.users) + (SELECT count(*) FROM identity.outbox)::int AS n`,
    );
    expect(await seedIdentity(config, { size: 'default', now })).toEqual({
      members: 0,
      follows: 0,
    });
    expect(
      await count(
        `SELECT (SELECT count(*) FROM identity.users) + (SELECT count(*) FROM identity.outbox)::int AS n`,
      ),
    ).toBe(before);
    expect(uploads.uploads).toHaveLength(2 * data.members.length);
  });
});
