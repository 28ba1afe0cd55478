import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type {
  CommunitySummary,
  FeedItemResponse,
  Page,
  TrendResponse,
  UserAnalyticsResponse,
  UserResponse,
} from '@wave/contracts';
import {
  DAY_MS,
  DEMO_DAYS,
  DEMO_PASSWORD,
  demoEmail,
  generateDemoData,
  TRENDING_HASHTAGS,
} from '@wave/demo-data';
import { eventually } from '@wave/testing';
import { ApiClient } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/**
 * The demo community as `npm start` seeds it: the services' seed commands from their
 * bundles, identity's first and the others side by side, against a running stack (media
 * answers the uploads and claims), then every screen's API shows it.
 */
describe('the demo community', () => {
  let stack: Stack;
  const now = new Date();
  const data = generateDemoData('default', now);
  const seed = async (app: string): Promise<string> => {
    const { stdout } = await run(
      process.execPath,
      [join(ROOT, 'dist/apps', app, 'main.js'), 'seed', '--now', now.toISOString()],
      { cwd: ROOT, env: { ...process.env, ...stack.env } },
    );
    return stdout.trim();
  };
  const seedAll = async (): Promise<string[]> => [
    await seed('identity'),
    ...(await Promise.all(['timeline', 'communities', 'analytics'].map(seed))),
  ];

  beforeAll(async () => {
    // A month of raw events, as `npm start` keeps them.
    stack = await startStack('demo_seed', { RAW_EVENTS_RETENTION_DAYS: '40' });
  });
  afterAll(() => stack?.stop());

  it('is seeded through the services, and only once', async () => {
    const first = await seedAll();
    expect(first).toEqual([
      expect.stringMatching(/^identity: seeded 50 demo members/),
      expect.stringMatching(/^timeline: seeded 600 demo posts/),
      expect.stringMatching(/^communities: seeded 15 demo communities/),
      expect.stringMatching(/^analytics: seeded 9000 page views/),
    ]);
    expect(await seedAll()).toEqual([
      'identity: the demo members are there already',
      'timeline: the demo posts are there already',
      'communities: the demo communities are there already',
      'analytics: views were counted already',
    ]);
  }, 300_000);

  it('signs a founder in, whose avatar media serves', async () => {
    const ada = new ApiClient(stack.gateway.url);
    const signIn = await ada.post<UserResponse>('/api/login', {
      email: demoEmail('ada'),
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const { body: profile } = await ada.get<UserResponse>('/api/users/ada');
    expect(profile.followersCount).toBe(
      data.follows.filter((follow) => follow.followee === 'ada').length,
    );
    for (const path of [profile.profileImageUrl, profile.coverImageUrl]) {
      const image = await fetch(`${stack.gateway.url}${path ?? '/missing'}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('fills the public feed with a month of posts, some with pictures', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    const { body: feed } = await visitor.get<Page<FeedItemResponse>>('/api/tweets?limit=100');
    expect(feed.items).toHaveLength(100);
    const times = feed.items.map((item) => new Date(item.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((at) => at <= Date.now() && at > now.getTime() - DEMO_DAYS * DAY_MS)).toBe(
      true,
    );
    const picture = feed.items.find((item) => item.imageUrls.length > 0);
    const image = await fetch(`${stack.gateway.url}${picture?.imageUrls[0] ?? '/missing'}`);
    expect(image.status).toBe(200);
  });

  it('trends the conversation of the day', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    const trends = await eventually(
      async () => (await visitor.get<TrendResponse[]>('/api/trends?limit=5')).body,
      (list) => list.some((trend) => (TRENDING_HASHTAGS as readonly string[]).includes(trend.tag)),
      { what: 'a demo trend', timeoutMs: 30_000 },
    );
    expect(trends.length).toBeGreaterThan(0);
  });

  it('lists the communities with their members and posts', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    const { body } = await visitor.get<Page<CommunitySummary>>('/api/communities?limit=100');
    expect(body.items).toHaveLength(data.communities.length);
    expect(body.items.every((community) => community.postCount > 0)).toBe(true);
  });

  it('shows a founder thirty days of analytics', async () => {
    const ada = new ApiClient(stack.gateway.url);
    const { body: profile } = await ada.post<UserResponse>('/api/login', {
      email: demoEmail('ada'),
      password: DEMO_PASSWORD,
    });
    // The likes reach analytics from timeline's events, which the service may still be applying.
    const body = await eventually(
      async () => {
        const answer = await ada.get<UserAnalyticsResponse>(
          `/api/analytics/user/${profile.id}/30d`,
          { headers: { 'user-agent': BROWSER } },
        );
        expect(answer.status).toBe(200);
        return answer.body;
      },
      (answer) => answer.overview.totalLikes > 0,
      { what: 'likes in the dashboard', timeoutMs: 30_000 },
    );
    expect(body.overview.totalViews).toBeGreaterThan(0);
    expect(body.dailyStats.filter((day) => day.views > 0).length).toBeGreaterThan(15);
    expect(body.topPosts.length).toBeGreaterThan(0);
  });
});
