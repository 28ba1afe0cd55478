import { Client } from 'pg';
import type { CommunityDetailResponse, TweetResponse, UserResponse } from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { eventually, freePort } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Nginx } from './support/nginx';
import { startNginx } from './support/nginx';
import type { Stack } from './support/stack';
import { startPageMetaServer, startStack, startWeb } from './support/stack';

const ORIGIN = 'https://wave.example';
const STACK_START_MS = 120_000;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The `<loc>`s of a sitemap or sitemap index, entities decoded. */
const locsOf = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc = '']) =>
    loc.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
  );

const get = (base: string, path: string) =>
  fetch(`${base}${path}`, { headers: { 'user-agent': GOOGLEBOT } });

/**
 * The sitemaps as a crawler reads them: /robots.txt names the index, the index names the files,
 * the files name the pages, each on the site's origin and reached through the web server (vite
 * preview as npm start runs it, and the web image's nginx), which passes them to the gateway.
 */
describe('sitemaps through the web server and the gateway', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let pageMeta: ServiceProcess;
  let client: ApiClient;
  let member: UserResponse;
  let posts: TweetResponse[];
  let open: CommunityDetailResponse;
  let secret: CommunityDetailResponse;

  /**
   * Every URL the sitemaps list, following the index from `base` (on ORIGIN's paths). A file
   * the index listed may be gone when it is read, if the pages changed in between (as they may
   * for any crawler): `whileChanging` counts those in `gone` rather than failing.
   */
  async function crawl(
    base: string,
    whileChanging = false,
  ): Promise<{ files: string[]; pages: string[]; gone: number }> {
    const index = await get(base, '/sitemap.xml');
    expect(index.status).toBe(200);
    const files = locsOf(await index.text());
    const pages: string[] = [];
    let gone = 0;
    for (const file of files) {
      expect(file).toMatch(
        new RegExp(`^${ORIGIN}/sitemaps/(profiles|posts|communities)-\\d+\\.xml$`),
      );
      const answer = await get(base, new URL(file).pathname);
      if (whileChanging && answer.status === 404) {
        gone += 1;
        continue;
      }
      expect(answer.status).toBe(200);
      const listed = locsOf(await answer.text());
      // SITEMAP_PAGE_SIZE is 2 here.
      expect(listed.length).toBeGreaterThanOrEqual(1);
      expect(listed.length).toBeLessThanOrEqual(2);
      pages.push(...listed);
    }
    return { files, pages, gone };
  }

  beforeAll(async () => {
    stack = await startStack('sitemaps', { PUBLIC_ORIGIN: ORIGIN, SITEMAP_PAGE_SIZE: '2' });
    [web, pageMeta] = await Promise.all([
      startWeb(stack.gateway.url, { PUBLIC_ORIGIN: ORIGIN }),
      startPageMetaServer(stack.gateway.url, { PUBLIC_ORIGIN: ORIGIN }),
    ]);
    client = new ApiClient(stack.gateway.url);
    const registered = await client.post<UserResponse>('/api/register', newAccount('sitemap'));
    expect(registered.status).toBe(201);
    member = registered.body;
    posts = [];
    for (const content of ['Sitemaps list this post', 'And this one', 'And a third']) {
      const created = await client.post<TweetResponse>('/api/tweets', { content });
      expect(created.status).toBe(201);
      posts.push(created.body);
    }
    const reply = await client.post(`/api/tweets/${posts[0]!.id}/reply`, { content: 'A reply' });
    expect(reply.status).toBe(201);
    const community = (isPrivate: boolean, name: string) =>
      client.post<CommunityDetailResponse>('/api/communities', {
        name,
        description: 'Where the sitemaps are read',
        category: 'Technology',
        isPrivate,
      });
    open = (await community(false, 'Sitemap Readers')).body;
    secret = (await community(true, 'Sitemap Secrets')).body;
    expect([open.id, secret.id]).not.toContain(undefined);
  }, STACK_START_MS);

  afterAll(async () => {
    await Promise.all([web?.stop(), pageMeta?.stop()]);
    await stack?.stop();
  });

  it('names the sitemap index in robots.txt by its full URL on the configured origin', async () => {
    const answer = await get(web.url, '/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await answer.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain('Disallow: /api/');
  });

  it('lists the profile, the posts and the public community, and each URL leads to its page', async () => {
    const expected = [
      `${ORIGIN}/profile/${member.id}`,
      ...posts.map((post) => `${ORIGIN}/tweet/${post.id}`),
      `${ORIGIN}/community/${open.id}`,
    ];
    // The events reach analytics through its queue: the sitemaps follow within moments.
    const { files, pages } = await eventually(
      () => crawl(web.url),
      ({ pages: listed }) => expected.every((url) => listed.includes(url)),
      { timeoutMs: 20_000, what: 'the sitemaps to list the new pages' },
    );
    expect([...pages].sort()).toEqual([...expected].sort());
    expect(pages.some((url) => url.includes(secret.id))).toBe(false);
    // Three posts at two a file: two files of posts.
    expect(files.filter((file) => file.includes('/posts-'))).toHaveLength(2);

    // The same documents through the gateway itself.
    for (const path of ['/sitemap.xml', ...files.map((file) => new URL(file).pathname)]) {
      const [viaWeb, viaGateway] = await Promise.all([
        get(web.url, path),
        get(stack.gateway.url, path),
      ]);
      expect(viaGateway.status).toBe(200);
      expect(viaGateway.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(viaWeb.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(viaGateway.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expect(await viaWeb.text()).toBe(await viaGateway.text());
    }

    // Each listed URL is a real page, whose canonical link is that very URL.
    for (const url of [expected[0]!, expected[1]!, expected.at(-1)!]) {
      const page = await get(web.url, new URL(url).pathname);
      expect({ url, status: page.status }).toEqual({ url, status: 200 });
      expect(await page.text()).toContain(`<link rel="canonical" href="${url}"`);
    }

    // A file past the last one is not found, as JSON, like every refusal.
    const missing = await get(web.url, '/sitemaps/posts-999.xml');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No such sitemap' });
  });

  it('drops a community from the sitemaps once it turns private', async () => {
    const url = `${ORIGIN}/community/${open.id}`;
    expect((await crawl(web.url)).pages).toContain(url);
    const updated = await client.put(`/api/communities/${open.id}`, { isPrivate: true });
    expect(updated.status).toBe(200);
    await eventually(
      () => crawl(web.url, true),
      ({ pages: listed, gone }) => !listed.includes(url) && gone === 0,
      { timeoutMs: 20_000, what: 'the private community to leave the sitemaps' },
    );
    const { pages } = await crawl(web.url);
    expect(pages).not.toContain(url);
    expect(pages).toContain(`${ORIGIN}/profile/${member.id}`);
  });

  describe("through nginx, as the web image's configuration serves them", () => {
    let nginx: Nginx;

    beforeAll(async () => {
      nginx = await startNginx({ gatewayUrl: stack.gateway.url, pageMetaUrl: pageMeta.url });
    });
    afterAll(() => nginx?.stop());

    it('passes the sitemaps to the gateway and has the renderer write robots.txt', async () => {
      const [viaNginx, viaWeb] = await Promise.all([crawl(nginx.url), crawl(web.url)]);
      expect(viaNginx).toEqual(viaWeb);
      const robots = await get(nginx.url, '/robots.txt');
      expect(robots.status).toBe(200);
      expect((await robots.text()).split('\n')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      expect(robots.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('serves the built robots.txt while the renderer is down', async () => {
      const alone = await startNginx({
        gatewayUrl: stack.gateway.url,
        pageMetaUrl: `http://127.0.0.1:${await freePort()}`,
      });
      try {
        const robots = await get(alone.url, '/robots.txt');
        expect(robots.status).toBe(200);
        const text = await robots.text();
        expect(text).toContain('User-agent: *');
        expect(text.split('\n')).toContain('Sitemap: /sitemap.xml');
      } finally {
        await alone.stop();
      }
    });
  });

  it('lists members and communities analytics never heard of, once it backfilled them at start', async () => {
    const latecomers = await client.post<CommunityDetailResponse>('/api/communities', {
      name: 'Sitemap Latecomers',
      description: 'Made before analytics followed communities',
      category: 'Technology',
      isPrivate: false,
    });
    expect(latecomers.status).toBe(201);
    const expected = [
      `${ORIGIN}/profile/${member.id}`,
      `${ORIGIN}/community/${latecomers.body.id}`,
    ];
    await eventually(
      () => crawl(web.url),
      ({ pages }) => expected.every((url) => pages.includes(url)),
      { timeoutMs: 20_000, what: 'the new community in the sitemaps' },
    );
    // As on an install from before analytics followed users and communities: it knows none.
    await stack.analytics.stop();
    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      await db.query(
        'DELETE FROM analytics.users; DELETE FROM analytics.communities; DELETE FROM analytics.backfill_runs',
      );
    } finally {
      await db.end();
    }
    await stack.analytics.start();

    // It reads them from identity and communities at start (over RPC): the sitemaps list them
    // again, and still nothing private.
    const { pages } = await eventually(
      () => crawl(web.url),
      ({ pages: listed }) => expected.every((url) => listed.includes(url)),
      { timeoutMs: 30_000, what: 'the backfilled profile and community in the sitemaps' },
    );
    expect(pages.some((url) => url.includes(secret.id))).toBe(false);
  });
});
