import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { Parser } from 'htmlparser2';
import { v7 as uuidv7 } from 'uuid';
import type { SeoAnalyticsResponse, SeoRecommendationsResponse } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { eventually } from '@wave/testing';
import { AutoSeoService } from '../src/seo/auto-seo.service';
import { AUTO_SEO_QUEUE } from '../src/seo/auto-seo.worker';
import { AnalyticsHarness, crawlerPage, jsonLdScript } from './analytics-harness';

const ORIGIN = 'https://wave.test';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Sitemap {
  root: string;
  entries: { loc: string; lastmod: string | null }[];
}

/** A sitemap as an XML parser reads it: its root element and each entry's loc and lastmod. */
function parseSitemap(xml: string): Sitemap {
  const sitemap: Sitemap = { root: '', entries: [] };
  let field: 'loc' | 'lastmod' | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!sitemap.root) {
          sitemap.root = name;
          expect(attributes['xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
        } else if (name === 'url' || name === 'sitemap') {
          sitemap.entries.push({ loc: '', lastmod: null });
        } else if (name === 'loc' || name === 'lastmod') {
          field = name;
        }
      },
      ontext(text) {
        const entry = sitemap.entries[sitemap.entries.length - 1];
        if (!entry || !field) return;
        if (field === 'loc') entry.loc += text;
        else entry.lastmod = (entry.lastmod ?? '') + text;
      },
      onclosetag() {
        field = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return sitemap;
}

/**
 * The sitemaps and the profile and community pages of Auto-SEO, fed by user.* and community.*
 * events, with files of two URLs (SITEMAP_PAGE_SIZE) so that a handful of rows spans files.
 */
describe('Sitemaps', () => {
  const sut = new AnalyticsHarness();
  /** What the stand-in web server answers, by path (404 otherwise). */
  const pages = new Map<string, string>();
  let web: Server;

  const get = (path: string, as: string | null = null) => sut.call('GET', path, { as });
  const runAutoSeo = () => sut.app.get(AutoSeoService).analyseDue(100);
  const dashboard = async (as: string) =>
    (await get('/api/seo/analytics', as)).json<SeoAnalyticsResponse>();
  const dueAt = async (path: string): Promise<Date | null | undefined> =>
    (
      await sut.dataSource.query<{ due_at: Date | null }[]>(
        `SELECT due_at FROM analytics.seo_pages WHERE path = $1`,
        [path],
      )
    )[0]?.due_at;

  /** Every URL the sitemaps list, file by file, read from the index as a crawler does. */
  async function crawl(): Promise<{ files: string[]; urls: Sitemap['entries'] }> {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const parsed = parseSitemap(index.body);
    expect(parsed.root).toBe('sitemapindex');
    const files = parsed.entries.map((entry) => entry.loc);
    const urls: Sitemap['entries'] = [];
    for (const file of files) {
      expect(file.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
      const answer = await get(file.slice(ORIGIN.length));
      expect(answer.statusCode).toBe(200);
      const sitemap = parseSitemap(answer.body);
      expect(sitemap.root).toBe('urlset');
      // SITEMAP_PAGE_SIZE, and never an empty file.
      expect(sitemap.entries.length).toBeGreaterThanOrEqual(1);
      expect(sitemap.entries.length).toBeLessThanOrEqual(2);
      urls.push(...sitemap.entries);
    }
    return { files: files.map((file) => file.slice(`${ORIGIN}/sitemaps/`.length)), urls };
  }
  const locs = async () => (await crawl()).urls.map((url) => url.loc);

  const register = (userId: string, username: string, at = new Date(), version = 1) =>
    sut.publish('user.registered', {
      userId,
      username,
      displayName: username,
      profileImageUrl: null,
      verified: false,
      version,
      createdAt: at.toISOString(),
    });
  const updateUser = (userId: string, username: string, version: number, at = new Date()) =>
    sut.publish('user.updated', {
      userId,
      username,
      displayName: `${username} (edited)`,
      profileImageUrl: null,
      verified: false,
      version,
      firstName: null,
      lastName: null,
      bio: 'A new bio',
      coverImageUrl: null,
      updatedAt: at.toISOString(),
    });
  const createCommunity = (
    communityId: string,
    ownerId: string,
    isPrivate = false,
    at = new Date(),
  ) =>
    sut.publish('community.created', {
      communityId,
      ownerId,
      name: `Community ${communityId.slice(-6)}`,
      description: 'About it',
      category: 'technology',
      isPrivate,
      createdAt: at.toISOString(),
    });
  const updateCommunity = (
    communityId: string,
    isPrivate: boolean,
    version: number | undefined,
    at = new Date(),
  ) =>
    sut.publish('community.updated', {
      communityId,
      name: `Community ${communityId.slice(-6)}`,
      description: 'About it, edited',
      category: 'technology',
      isPrivate,
      iconUrl: null,
      ...(version === undefined ? {} : { version }),
      updatedAt: at.toISOString(),
    });

  beforeAll(async () => {
    web = createServer((req, res) => {
      const html = pages.get(req.url ?? '');
      if (html) res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const { port } = web.address() as AddressInfo;
    await sut.start('sitemaps', {
      WEB_URL: `http://127.0.0.1:${port}`,
      PUBLIC_ORIGIN: `${ORIGIN}/`,
      SITEMAP_PAGE_SIZE: '2',
      SITEMAP_POST_DAYS: '30',
      // Auto-SEO runs when the tests say, once the schedule's first run (nothing due) is over.
      AUTO_SEO_INTERVAL_SECONDS: '86400',
    });
    const schedule = new Queue(AUTO_SEO_QUEUE, {
      connection: bullConnection(sut.config.REDIS_URL),
      prefix: bullPrefix(sut.config.REDIS_KEY_PREFIX),
    });
    try {
      await eventually(
        () => schedule.getJobCounts('completed'),
        ({ completed }) => (completed ?? 0) >= 1,
        { what: "the schedule's first Auto-SEO run" },
      );
    } finally {
      await schedule.close();
    }
  });
  afterAll(async () => {
    await sut.stop();
    await new Promise((resolve) => web?.close(resolve));
  });

  it('answers an empty index, and 404 for files that list nothing or are no sitemap', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(parseSitemap(index.body)).toEqual({ root: 'sitemapindex', entries: [] });
    for (const name of ['profiles-1.xml', 'posts-1.xml', 'users-1.xml', 'posts-0.xml', 'x']) {
      const answer = await get(`/sitemaps/${name}`);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 404,
        body: { message: 'No such sitemap' },
      });
    }
  });

  it('lists every profile, the recent top-level posts and the public communities, two a file', async () => {
    const ada = uuidv7();
    const grace = uuidv7();
    const alan = uuidv7();
    const registeredAt = new Date('2026-01-02T03:04:05.678Z');
    await register(ada, 'ada', registeredAt);
    await register(grace, 'grace');
    await register(alan, 'alan');

    const now = Date.now();
    // Numbered as they arrive: 1 and 2 older than the window, 3 to 6 within it.
    const old = await sut.post(ada, { createdAt: new Date(now - 40 * DAY_MS) });
    const older = await sut.post(grace, { createdAt: new Date(now - 31 * DAY_MS) });
    const first = await sut.post(ada, { createdAt: new Date(now - 2 * DAY_MS) });
    const second = await sut.post(grace);
    const third = await sut.post(ada);
    const deleted = await sut.post(grace);
    await sut.publish('tweet.deleted', {
      tweetId: deleted,
      authorId: grace,
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    const reply = uuidv7();
    await sut.publish('tweet.created', {
      tweetId: reply,
      authorId: alan,
      content: 'A reply',
      hashtags: [],
      mentions: [],
      imageUrls: [],
      parentId: first,
      createdAt: new Date().toISOString(),
    });
    const editedAt = new Date(now - 1000);
    await sut.publish('tweet.updated', {
      tweetId: first,
      authorId: ada,
      content: 'Edited',
      hashtags: [],
      mentions: [],
      editedAt: editedAt.toISOString(),
    });

    const open = uuidv7();
    const closed = uuidv7();
    await createCommunity(open, ada);
    await createCommunity(closed, grace, true);

    const { files, urls } = await crawl();
    expect(files).toEqual([
      'profiles-1.xml',
      'profiles-2.xml',
      // posts-1 holds the two old posts: the window starts in posts-2.
      'posts-2.xml',
      'posts-3.xml',
      'communities-1.xml',
    ]);
    expect(urls.map((url) => url.loc)).toEqual([
      `${ORIGIN}/profile/${ada}`,
      `${ORIGIN}/profile/${grace}`,
      `${ORIGIN}/profile/${alan}`,
      `${ORIGIN}/tweet/${first}`,
      `${ORIGIN}/tweet/${second}`,
      `${ORIGIN}/tweet/${third}`,
      `${ORIGIN}/community/${open}`,
    ]);
    for (const left of [old, older, deleted, reply, closed]) {
      expect(urls.some((url) => url.loc.endsWith(left))).toBe(false);
    }
    const lastmodOf = (id: string) => urls.find((url) => url.loc.endsWith(id))?.lastmod;
    expect(lastmodOf(ada)).toBe('2026-01-02T03:04:05Z');
    // A post's lastmod is its last edit.
    expect(lastmodOf(first)).toBe(`${editedAt.toISOString().slice(0, 19)}Z`);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // Past the last file, and a file whose rows all left the window, are not found.
    expect((await get('/sitemaps/profiles-3.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/posts-1.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/posts-4.xml')).statusCode).toBe(404);

    // A deleted post leaves its file; a file it was alone in leaves the index.
    await sut.publish('tweet.deleted', {
      tweetId: third,
      authorId: ada,
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    expect((await crawl()).files).toEqual([
      'profiles-1.xml',
      'profiles-2.xml',
      'posts-2.xml',
      'communities-1.xml',
    ]);
  });

  it('keeps the newest state of a user or a community, whatever order events arrive in', async () => {
    const user = uuidv7();
    await updateUser(user, 'katherine', 3);
    await updateUser(user, 'katherine', 2);
    await register(user, 'katherine');
    const users = await sut.dataSource.query<{ username: string; version: number }[]>(
      `SELECT username, version FROM analytics.users WHERE id = $1`,
      [user],
    );
    expect(users).toEqual([{ username: 'katherine', version: 3 }]);

    // An update heard before the creation: the creation adds the owner, the update's privacy stays.
    const community = uuidv7();
    const owner = uuidv7();
    await updateCommunity(community, true, 2);
    await createCommunity(community, owner, false);
    await updateCommunity(community, false, 2);
    expect(await locs()).not.toContain(`${ORIGIN}/community/${community}`);
    await updateCommunity(community, false, 3);
    expect(await locs()).toContain(`${ORIGIN}/community/${community}`);
    // An update from before versions is placed by its time.
    await updateCommunity(community, true, undefined, new Date(Date.now() - DAY_MS));
    expect(await locs()).toContain(`${ORIGIN}/community/${community}`);
    const rows = await sut.dataSource.query<{ owner_id: string; version: number }[]>(
      `SELECT owner_id, version FROM analytics.communities WHERE id = $1`,
      [community],
    );
    expect(rows).toEqual([{ owner_id: owner, version: 3 }]);
  });

  it("puts a public community's page in its owner's dashboard, and takes it out when it turns private", async () => {
    const owner = uuidv7();
    const community = uuidv7();
    const path = `/community/${community}`;
    await createCommunity(community, owner);
    pages.set(path, crawlerPage('Orbital Mechanics | Wave', 'Launch windows.', `${ORIGIN}${path}`));
    sut.track(path);
    await sut.settleViews();
    expect(await runAutoSeo()).toEqual({ analysed: 1, missing: 0, postponed: 0 });

    const mine = await dashboard(owner);
    expect(Object.keys(mine.analyses)).toEqual([path]);
    expect(mine.analyses[path]).toMatchObject({ title: 'Orbital Mechanics | Wave', url: path });
    expect(mine.summary.totalPageViews).toBe(1);
    const recommendations = (
      await get('/api/seo/recommendations', owner)
    ).json<SeoRecommendationsResponse>();
    expect(recommendations.totalAnalyses).toBe(1);

    // Edited: due again. Made private: gone from the dashboard and the sitemap.
    await updateCommunity(community, false, 2);
    expect(await dueAt(path)).toBeInstanceOf(Date);
    await updateCommunity(community, true, 3);
    expect(await dueAt(path)).toBeUndefined();
    expect((await dashboard(owner)).totalPages).toBe(0);
    expect(await locs()).not.toContain(`${ORIGIN}${path}`);

    // Views of a private community's page do not bring it back to Auto-SEO.
    pages.delete(path);
    sut.track(path);
    await sut.settleViews();
    expect(await dueAt(path)).toBeUndefined();
    expect(await runAutoSeo()).toEqual({ analysed: 0, missing: 0, postponed: 0 });
    expect((await dashboard(owner)).totalPages).toBe(0);
  });

  it('leaves out a page the web server marks noindex (a community turned private meanwhile)', async () => {
    const community = uuidv7();
    const path = `/community/${community}`;
    // Public as far as analytics has heard: the change to private is still on its way.
    await createCommunity(community, uuidv7());
    pages.set(
      path,
      crawlerPage(
        'Private community | Wave',
        'A private community.',
        `${ORIGIN}${path}`,
        '<meta name="robots" content="noindex" />',
      ),
    );
    sut.track(path);
    await sut.settleViews();
    expect(await runAutoSeo()).toEqual({ analysed: 0, missing: 1, postponed: 0 });
    expect(await dueAt(path)).toBeUndefined();
  });

  it('marks for Auto-SEO only the posts and communities it knows, whatever is viewed', async () => {
    const madeUp = [`/tweet/${uuidv7()}`, `/community/${uuidv7()}`];
    const known = uuidv7();
    await sut.post(uuidv7(), { id: known });
    const gone = uuidv7();
    await sut.post(uuidv7(), { id: gone });
    await sut.publish('tweet.deleted', {
      tweetId: gone,
      authorId: uuidv7(),
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    for (const path of [...madeUp, `/tweet/${gone}`, `/tweet/${known}`]) sut.track(path);
    await sut.settleViews();
    for (const path of [...madeUp, `/tweet/${gone}`]) expect(await dueAt(path)).toBeUndefined();
    expect(await dueAt(`/tweet/${known}`)).toBeInstanceOf(Date);
    // (The stand-in web server has no page for it: read once, then forgotten.)
    expect(await runAutoSeo()).toEqual({ analysed: 0, missing: 1, postponed: 0 });
  });

  it("reads a profile again when its member changes it, and not for an older version's event", async () => {
    const member = uuidv7();
    await register(member, 'margaret');
    const path = '/profile/margaret';
    const profile = (bio: string) =>
      crawlerPage(
        'Margaret (@margaret) | Wave',
        bio,
        `${ORIGIN}/profile/${member}`,
        jsonLdScript({
          '@type': 'ProfilePage',
          mainEntity: { '@type': 'Person', identifier: member, description: bio },
        }),
      );
    pages.set(path, profile('Engineer.'));
    sut.track(path);
    await sut.settleViews();
    expect(await runAutoSeo()).toEqual({ analysed: 1, missing: 0, postponed: 0 });
    expect(await dueAt(path)).toBeNull();

    pages.set(path, profile('Engineer who wrote the code that flew to the Moon.'));
    await updateUser(member, 'margaret', 2);
    expect(await dueAt(path)).toBeInstanceOf(Date);
    expect(await runAutoSeo()).toEqual({ analysed: 1, missing: 0, postponed: 0 });
    expect(await dueAt(path)).toBeNull();

    // A late, older update changes nothing, so nothing is read again.
    await updateUser(member, 'margaret', 1);
    expect(await dueAt(path)).toBeNull();
    expect(Object.keys((await dashboard(member)).analyses)).toEqual([path]);
  });
});
