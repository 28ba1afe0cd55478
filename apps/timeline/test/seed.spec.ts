import type { TweetResponse } from '@wave/contracts';
import { DEMO_LIKES, DEMO_POSTS } from '../src/seed/demo-posts.constant';
import { seedTimeline } from '../src/seed/seed';
import { TimelineHarness } from './timeline-harness';

describe(seedTimeline.name, () => {
  const sut = new TimelineHarness();
  const ids = new Map<string, string>();

  beforeAll(async () => {
    await sut.start('seed');
    for (const username of new Set(DEMO_POSTS.map((post) => post.username)))
      ids.set(username, await sut.user(username));
  });

  afterAll(() => sut.stop());

  it('writes the demo posts once the demo accounts are known, and only once', async () => {
    expect(await seedTimeline(sut.config)).toBe(DEMO_POSTS.length);
    expect(await seedTimeline(sut.config)).toBe(0);
    const ada = ids.get('ada') ?? null;
    const response = await sut.call('GET', `/api/users/ada/tweets?limit=100`, { as: ada });
    const tweets = response.json<{ items: TweetResponse[] }>().items;
    expect(tweets.map((tweet) => tweet.content).sort()).toEqual(
      DEMO_POSTS.filter((post) => post.username === 'ada')
        .map((post) => post.content)
        .sort(),
    );
    expect(DEMO_LIKES.length).toBeGreaterThan(0);
    expect(await sut.count(`SELECT count(*)::int AS n FROM timeline.likes`)).toBe(
      new Set(DEMO_LIKES.map(([username, index]) => `${username}:${index}`)).size,
    );
  });
});
