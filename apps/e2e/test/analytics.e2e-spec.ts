import type { SeoAnalysisResult, SeoOptimizeResult, UserAnalyticsResponse } from '@wave/contracts';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('analytics through the gateway', () => {
  let stack: Stack;
  let author: ApiClient;
  let authorId: string;
  let reader: ApiClient;
  let postId: string;

  beforeAll(async () => {
    stack = await startStack('analytics', {
      IMPRESSION_RATE_LIMIT_PER_IP: '30',
      PAGE_VIEW_RATE_LIMIT_PER_IP: '60',
      SEO_ANALYSIS_RATE_LIMIT_PER_USER: '8',
    });
    author = new ApiClient(stack.gateway.url);
    authorId = (await author.post<{ id: string }>('/api/register', newAccount('author'))).body.id;
    reader = new ApiClient(stack.gateway.url);
    await reader.post('/api/register', newAccount('reader'));
    postId = (await author.post<{ id: string }>('/api/tweets', { content: 'Counting views #wave' }))
      .body.id;
  }, 120_000);
  afterAll(() => stack?.stop());

  /** A browser's call: a real user agent (fetch's own, `node`, is a crawler's to isbot). */
  const as = (userAgent: string, headers: Record<string, string> = {}) => ({
    headers: { 'user-agent': userAgent, ...headers },
  });
  const track = (client: ApiClient, url: string, userAgent = FIREFOX, headers = {}) =>
    client.post('/api/seo/track', { url, userAgent }, as(userAgent, headers));
  const analytics = (client: ApiClient, userId: string, query = '') =>
    client.get<UserAnalyticsResponse>(`/api/analytics/user/${userId}/7d${query}`, as(FIREFOX));
  const viewsOfPost = async () => {
    const answer = await analytics(author, authorId);
    expect(answer.status).toBe(200);
    return answer.body.topPosts.find((post) => post.id === postId)?.views ?? 0;
  };
  const settledViews = async (expected: number) =>
    eventually(viewsOfPost, (views) => views === expected, {
      what: `${expected} views`,
      timeoutMs: 5_000,
    });

  it('lists analytics in /api/health', async () => {
    const health = await new ApiClient(stack.gateway.url).get<{ services: Record<string, string> }>(
      '/api/health',
    );
    expect(health.status).toBe(200);
    expect(health.body.services['analytics']).toBe('up');
  });

  it('accepts page views from a visitor and a member at once (202)', async () => {
    const visitor = await track(new ApiClient(stack.gateway.url), '/explore');
    expect(visitor.status).toBe(202);
    expect(visitor.text).toBe('');
    expect((await track(reader, '/communities?category=music')).status).toBe(202);
    const refused = await track(reader, 'https://elsewhere.example/');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^url must be a path/) });
  });

  it('counts a post view once per viewer and day, crawlers not at all', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    // One visitor (an address and a browser), however it reports the post, and whatever
    // visitor key it sends itself (the gateway's own replaces it).
    expect((await track(visitor, `/tweet/${postId}`)).status).toBe(202);
    await track(visitor, `/tweet/${postId}?ref=share`, FIREFOX, {
      'x-wave-visitor': 'a'.repeat(32),
    });
    const impression = await visitor.post(
      '/api/analytics/impressions',
      { tweetIds: [postId] },
      as(FIREFOX, { 'x-wave-visitor': 'b'.repeat(32) }),
    );
    expect(impression.status).toBe(202);
    await settledViews(1);
    // Another browser at the same address is another visitor; a member is counted by account.
    await track(new ApiClient(stack.gateway.url), `/tweet/${postId}`, CHROME);
    await track(reader, `/tweet/${postId}`);
    await reader.post('/api/analytics/impressions', { tweetIds: [postId] }, as(CHROME));
    // A crawler is counted apart, never as a view.
    await track(new ApiClient(stack.gateway.url), `/tweet/${postId}`, GOOGLEBOT);
    await settledViews(3);
    // The count every card shows, to anyone.
    const counts = await new ApiClient(stack.gateway.url).get<{ views: Record<string, number> }>(
      `/api/analytics/views?ids=${postId}`,
      as(FIREFOX),
    );
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ views: { [postId]: 3 } });
  });

  it("shows a like in the author's analytics within a few seconds", async () => {
    const liked = await reader.post(`/api/tweets/${postId}/like`);
    expect(liked.status).toBe(200);
    const started = Date.now();
    const answer = await eventually(
      () => analytics(author, authorId),
      (response) => response.body.overview.totalLikes === 1,
      { what: 'the like in the analytics', timeoutMs: 5_000 },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.body.topPosts[0]).toMatchObject({ id: postId, likes: 1 });
    expect(answer.body.dailyStats).toHaveLength(7);
  });

  it('refuses visitors (401), other members (403) and bad ranges or zones (400)', async () => {
    const visitor = await analytics(new ApiClient(stack.gateway.url), authorId);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Authentication required' });
    const other = await analytics(reader, authorId);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'You can only see your own analytics' });
    const range = await author.get(`/api/analytics/user/${authorId}/1y`);
    expect(range.status).toBe(400);
    expect(range.body).toEqual({ message: 'range must be one of: 7d, 30d, 90d' });
    const zone = await analytics(author, authorId, '?tz=Mars%2FOlympus');
    expect(zone.status).toBe(400);
    expect(zone.body).toEqual({ message: 'tz must be a time zone such as Europe/Paris or UTC' });
    expect((await analytics(author, authorId, '?tz=Asia%2FKolkata')).status).toBe(200);
  });

  it('limits page views per address, before queueing anything', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    const path = `/explore?q=limit-${Date.now()}`;
    let answer;
    let accepted = 0;
    for (let n = 0; n < 80; n += 1) {
      answer = await track(visitor, path, CHROME);
      if (answer.status !== 202) break;
      accepted += 1;
    }
    expect(answer?.status).toBe(429);
    expect(answer?.body).toEqual({ message: expect.stringMatching(/^Too many page views/) });
    expect(answer?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(60);
  });

  it('limits impression reports per address', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    let answer;
    for (let n = 0; n < 40; n += 1) {
      answer = await visitor.post(
        '/api/analytics/impressions',
        { tweetIds: [postId] },
        as(FIREFOX),
      );
      if (answer.status === 429) break;
    }
    expect(answer?.status).toBe(429);
    expect(answer?.body).toEqual({ message: expect.stringMatching(/^Too many impressions/) });
    expect(answer?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('analyses a text for a member, refuses a visitor, and limits analyses per member', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    const refused = await visitor.post('/api/seo/analyze', { title: 'T', content: 'C' });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 401,
      body: { message: 'Authentication required' },
    });

    const analysed = await reader.post<SeoAnalysisResult>('/api/seo/analyze', {
      title: 'Counting views on a small social site',
      content: '# Views\n\nEach reader counts once a day. Crawlers do not count.',
    });
    expect(analysed.status).toBe(200);
    expect(analysed.body).toMatchObject({ headingCount: 1, titleLength: 37, descriptionLength: 0 });
    expect(analysed.body.issues.length).toBeGreaterThan(0);

    const optimized = await reader.post<SeoOptimizeResult>('/api/seo/optimize', {
      content: 'Each reader counts once a day.',
      keywords: ['reader', 'crawler'],
    });
    expect(optimized.status).toBe(200);
    expect(optimized.body.keywords.map(({ keyword, status }) => [keyword, status])).toContainEqual([
      'crawler',
      'missing',
    ]);

    const bad = await reader.post('/api/seo/analyze', { title: 'T' });
    expect(bad.status).toBe(400);

    // The member's budget (8 a minute here) runs out; the answer says when to come back.
    let answer;
    for (let n = 0; n < 10; n += 1) {
      answer = await reader.post('/api/seo/optimize', { content: 'C', keywords: ['c'] });
      if (answer.status === 429) break;
    }
    expect(answer?.status).toBe(429);
    expect(answer?.body).toEqual({ message: expect.stringMatching(/^Too many SEO analyses/) });
    expect(answer?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
