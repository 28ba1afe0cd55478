import type { CommunitySummary, Page } from '@wave/contracts';
import { COMMUNITY_CATEGORIES } from '@wave/contracts';
import { DEMO_COMMUNITIES } from '../src/seed/demo-communities.constant';
import { seedCommunities } from '../src/seed/seed';
import { CommunitiesHarness } from './communities-harness';

describe(seedCommunities.name, () => {
  const sut = new CommunitiesHarness();
  const ids = new Map<string, string>();

  beforeAll(async () => {
    await sut.start('seed');
    const usernames = new Set(DEMO_COMMUNITIES.flatMap((demo) => [demo.owner, ...demo.members]));
    for (const username of usernames) ids.set(username, await sut.user(username));
  });

  afterAll(() => sut.stop());

  it('creates the demo catalogue across every category once, with members and posts', async () => {
    expect(await seedCommunities(sut.config)).toBe(DEMO_COMMUNITIES.length);
    expect(await seedCommunities(sut.config)).toBe(0);

    const page = await sut.ok<Page<CommunitySummary>>('GET', '/api/communities?limit=100', null);
    expect(page.items).toHaveLength(DEMO_COMMUNITIES.length);
    expect(new Set(page.items.map((item) => item.category))).toEqual(new Set(COMMUNITY_CATEGORIES));
    for (const demo of DEMO_COMMUNITIES) {
      const community = page.items.find((item) => item.name === demo.name);
      expect(community).toMatchObject({
        memberCount: 1 + demo.members.length,
        postCount: demo.posts.length,
        isPrivate: demo.isPrivate ?? false,
        rules: demo.rules,
      });
    }
    const ada = ids.get('ada') ?? null;
    const mine = await sut.ok<Page<CommunitySummary>>(
      'GET',
      '/api/communities/my-communities?limit=100',
      ada,
    );
    expect(mine.items.length).toBe(
      DEMO_COMMUNITIES.filter((demo) => demo.owner === 'ada' || demo.members.includes('ada'))
        .length,
    );
  });
});
