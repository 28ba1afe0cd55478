import { decodeHTML } from 'entities';
import type { SeoAnalyticsResponse, SeoRecommendationsResponse } from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { eventually, freePort } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack, startWeb } from './support/stack';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** The `<title>` a crawler gets for a page of the web server. */
async function crawlerTitle(webUrl: string, path: string): Promise<string> {
  const html = await (
    await fetch(`${webUrl}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } })
  ).text();
  return decodeHTML(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

describe('Auto-SEO through the gateway, reading the real web server', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let member: ApiClient;
  let username: string;
  let postId: string;

  beforeAll(async () => {
    const webPort = await freePort();
    stack = await startStack('auto_seo', {
      WEB_URL: `http://127.0.0.1:${webPort}`,
      AUTO_SEO_INTERVAL_SECONDS: '1',
    });
    web = await startWeb(stack.gateway.url, {}, webPort);
    member = new ApiClient(stack.gateway.url);
    const account = newAccount('seo');
    username = account.username;
    expect((await member.post('/api/register', account)).status).toBe(201);
    postId = (
      await member.post<{ id: string }>('/api/tweets', {
        content: 'Auto-SEO reads this post the way a search engine does #seo',
      })
    ).body.id;
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
    await stack?.stop();
  });

  it("analyses the member's viewed post and profile from the pages crawlers get", async () => {
    const visitor = new ApiClient(stack.gateway.url);
    for (const url of [`/tweet/${postId}`, `/profile/${username}`]) {
      const tracked = await visitor.post(
        '/api/seo/track',
        { url, userAgent: FIREFOX },
        { headers: { 'user-agent': FIREFOX } },
      );
      expect(tracked.status).toBe(202);
    }

    const seen = await eventually(
      async () => (await member.get<SeoAnalyticsResponse>('/api/seo/analytics')).body,
      // A page is counted when tracked and analysed after: wait for both analyses.
      (answer) => answer.totalPages === 2 && Object.keys(answer.analyses).length === 2,
      { timeoutMs: 20_000, what: "the member's two pages analysed" },
    );
    expect(Object.keys(seen.analyses).sort()).toEqual(
      [`/profile/${username}`, `/tweet/${postId}`].sort(),
    );
    for (const [path, analysis] of Object.entries(seen.analyses)) {
      // Exactly what the web server gives a crawler.
      expect(analysis.title).toBe(await crawlerTitle(web.url, path));
      expect(analysis.seoScore).toBeGreaterThanOrEqual(0);
      expect(analysis.seoScore).toBeLessThanOrEqual(100);
    }
    expect(seen.summary.totalPageViews).toBe(2);

    const recommendations = await member.get<SeoRecommendationsResponse>(
      '/api/seo/recommendations',
    );
    expect(recommendations.status).toBe(200);
    expect(recommendations.body.totalAnalyses).toBe(2);
    expect(recommendations.body.topRecommendations.length).toBeGreaterThan(0);

    // Another member's dashboard does not list them; a visitor gets none.
    const other = new ApiClient(stack.gateway.url);
    await other.post('/api/register', newAccount('seo_other'));
    expect((await other.get<SeoAnalyticsResponse>('/api/seo/analytics')).body.totalPages).toBe(0);
    expect((await visitor.get('/api/seo/analytics')).status).toBe(401);
  });

  it("lists a community's page in the dashboard of each of its owners", async () => {
    const created = await member.post<{ id: string }>('/api/communities', {
      name: 'Auto-SEO Owners',
      description: 'A community with two owners',
      category: 'Technology',
      isPrivate: false,
    });
    expect(created.status).toBe(201);
    const communityId = created.body.id;
    const coOwner = new ApiClient(stack.gateway.url);
    const account = newAccount('seo_owner');
    const registered = await coOwner.post<{ id: string }>('/api/register', account);
    expect((await coOwner.post(`/api/communities/${communityId}/join`, {})).status).toBe(200);
    const promoted = await member.put(
      `/api/communities/${communityId}/members/${registered.body.id}/role`,
      { role: 'owner' },
    );
    expect(promoted.status).toBe(200);
    const path = `/community/${communityId}`;
    const visitor = new ApiClient(stack.gateway.url);
    const tracked = await visitor.post(
      '/api/seo/track',
      { url: path, userAgent: FIREFOX },
      { headers: { 'user-agent': FIREFOX } },
    );
    expect(tracked.status).toBe(202);

    for (const owner of [coOwner, member]) {
      const seen = await eventually(
        async () => (await owner.get<SeoAnalyticsResponse>('/api/seo/analytics')).body,
        (answer) => path in answer.analyses,
        { timeoutMs: 20_000, what: "the community's page in an owner's dashboard" },
      );
      expect(seen.analyses[path]!.title).toBe(await crawlerTitle(web.url, path));
    }
  });
});
