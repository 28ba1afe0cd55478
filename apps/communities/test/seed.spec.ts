import type { CommunitySummary, Page } from '@wave/contracts';
import { COMMUNITY_CATEGORIES } from '@wave/contracts';
import { generateDemoData } from '@wave/demo-data';
import type { MediaUploadsStandIn } from '@wave/testing';
import { startMediaUploadsStandIn } from '@wave/testing';
import type { CommunitiesConfig } from '../src/config/communities.config';
import { seedCommunities } from '../src/seed/seed';
import { CommunitiesHarness } from './communities-harness';

// Fifteen communities, their members, a hundred posts with comments and likes.
jest.setTimeout(120_000);

describe(seedCommunities.name, () => {
  const sut = new CommunitiesHarness();
  let uploads: MediaUploadsStandIn;
  let config: CommunitiesConfig;
  const now = new Date();
  const data = generateDemoData('default', now);
  const ids = new Map<string, string>();
  const posts = data.communities.flatMap((community) => community.posts);
  const comments = posts.reduce((sum, post) => sum + post.comments.length, 0);
  const count = async (sql: string): Promise<number> =>
    (await sut.dataSource.query<{ n: number }[]>(sql))[0]?.n ?? 0;

  beforeAll(async () => {
    await sut.start('seed');
    uploads = await startMediaUploadsStandIn(sut.config.INTERNAL_AUTH_SECRET);
    config = { ...sut.config, MEDIA_URL: uploads.url };
    // The members, as identity's events announce them.
    for (const member of data.members) ids.set(member.username, await sut.user(member.username));
  });

  afterAll(async () => {
    await sut.stop();
    await uploads?.close();
  });

  it('creates the catalogue with its members, posts and comments, once', async () => {
    const seeded = await seedCommunities(config, { size: 'default', now });
    expect(seeded).toEqual({
      communities: data.communities.length,
      members: data.communities.reduce((sum, community) => sum + community.members.length, 0),
      posts: posts.length,
      comments,
    });
    expect(await seedCommunities(config, { size: 'default', now })).toEqual({
      communities: 0,
      members: 0,
      posts: 0,
      comments: 0,
    });

    const page = await sut.ok<Page<CommunitySummary>>('GET', '/api/communities?limit=100', null);
    expect(page.items).toHaveLength(data.communities.length);
    expect(new Set(page.items.map((item) => item.category))).toEqual(new Set(COMMUNITY_CATEGORIES));
    for (const community of data.communities) {
      expect(page.items.find((item) => item.name === community.name)).toMatchObject({
        memberCount: 1 + community.members.length,
        postCount: community.posts.length,
        isPrivate: community.isPrivate,
        rules: community.rules,
        iconUrl: expect.stringMatching(/^\/objects\/uploads\//),
      });
    }
    expect(await count(`SELECT count(*)::int AS n FROM communities.comments`)).toBe(comments);
    expect(await count(`SELECT count(*)::int AS n FROM communities.post_likes`)).toBe(
      posts.reduce((sum, post) => sum + post.likes.length, 0),
    );
  });

  it('lists a member’s communities, the private one’s members approved', async () => {
    const mine = await sut.ok<Page<CommunitySummary>>(
      'GET',
      '/api/communities/my-communities?limit=100',
      ids.get('ada') ?? null,
    );
    expect(mine.items.map((item) => item.name).sort()).toEqual(
      data.communities
        .filter(
          (community) =>
            community.owner === 'ada' ||
            community.members.some((member) => member.username === 'ada'),
        )
        .map((community) => community.name)
        .sort(),
    );
    expect(await count(`SELECT count(*)::int AS n FROM communities.join_requests`)).toBe(0);
  });

  it('dates the communities, memberships, posts and comments in the past', async () => {
    const created = await sut.dataSource.query<{ name: string; created_at: Date }[]>(
      `SELECT name, created_at FROM communities.communities`,
    );
    for (const row of created) {
      const community = data.communities.find((item) => item.name === row.name);
      expect(row.created_at.getTime()).toBe(community?.createdAt.getTime());
    }
    const postTimes = await sut.dataSource.query<{ created_at: Date }[]>(
      `SELECT created_at FROM communities.posts ORDER BY created_at`,
    );
    expect(postTimes.map((row) => row.created_at.getTime())).toEqual(
      posts.map((post) => post.at.getTime()).sort((a, b) => a - b),
    );
    expect(
      await count(
        `SELECT count(*)::int AS n FROM communities.comments k
         JOIN communities.posts p ON p.id = k.post_id WHERE k.created_at < p.created_at`,
      ),
    ).toBe(0);
  });

  it('uploads the icons and pictures as their owners and authors, and claims them', () => {
    const pictures = posts.filter((post) => post.picture).length;
    expect(uploads.uploads).toHaveLength(data.communities.length + pictures);
    const held = sut.heldClaims();
    expect(held.filter((claim) => claim.purpose === 'community-icon')).toHaveLength(
      data.communities.length,
    );
    expect(held.filter((claim) => claim.purpose === 'community-post')).toHaveLength(pictures);
  });
});
