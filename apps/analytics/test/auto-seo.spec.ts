import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import type { SeoAnalyticsResponse, SeoRecommendationsResponse } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { eventually } from '@wave/testing';
import { AutoSeoService } from '../src/seo/auto-seo.service';
import { DASHBOARD_PAGES_LIMIT } from '../src/seo/seo-pages.repository';
import { AUTO_SEO_QUEUE } from '../src/seo/auto-seo.worker';
import { AUTO_SEO_USER_AGENT } from '../src/seo/page-fetcher';
import { AnalyticsHarness, crawlerPage, jsonLdScript } from './analytics-harness';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Auto-SEO against a stand-in for the web server (an HTTP server that answers the pages'
 * heads as the real one renders them: the whole-stack test reads the real one).
 */
describe('Auto-SEO', () => {
  const sut = new AnalyticsHarness();
  const member = uuidv7();
  const other = uuidv7();
  const post = uuidv7();
  const othersPost = uuidv7();
  const deletedPost = uuidv7();
  const community = uuidv7();
  /** What the stand-in web server answers, by path (404 otherwise). */
  const pages = new Map<string, string>();
  const requests: { path: string; userAgent: string }[] = [];
  let web: Server;
  let webDown = false;

  const posting = (id: string, authorId: string, body: string) =>
    crawlerPage(
      `${body.slice(0, 40)} | Wave`,
      body,
      `https://wave.test/tweet/${id}`,
      jsonLdScript({
        '@type': 'SocialMediaPosting',
        identifier: id,
        articleBody: body,
        author: { '@type': 'Person', identifier: authorId },
      }),
    );
  const getAs = (path: string, as: string | null) => sut.call('GET', path, { as });
  const dashboard = async (as: string) =>
    (await getAs('/api/seo/analytics', as)).json<SeoAnalyticsResponse>();
  const runAutoSeo = () => sut.app.get(AutoSeoService).analyseDue(100);
  const pageRow = async (path: string) =>
    (
      await sut.dataSource.query<{ due_at: Date | null; failures: number }[]>(
        `SELECT * FROM analytics.seo_pages WHERE path = $1`,
        [path],
      )
    )[0];

  beforeAll(async () => {
    web = createServer((req, res) => {
      requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] ?? '' });
      const html = pages.get(req.url ?? '');
      if (webDown) res.writeHead(503).end();
      else if (html) res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const { port } = web.address() as AddressInfo;
    // The schedule is left to the test: one run a day, the test runs them itself once the
    // schedule's first run (at start, with nothing due) is over.
    await sut.start('auto_seo', {
      WEB_URL: `http://127.0.0.1:${port}`,
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

    pages.set(`/tweet/${post}`, posting(post, member, 'Counting what readers do on a small site.'));
    pages.set(`/tweet/${othersPost}`, posting(othersPost, other, 'Somebody else writes here.'));
    pages.set(
      '/profile/grace',
      crawlerPage(
        'Grace (@grace) | Wave',
        'Engineer.',
        `https://wave.test/profile/${member}`,
        jsonLdScript({
          '@type': 'ProfilePage',
          mainEntity: { '@type': 'Person', identifier: member, description: 'Engineer.' },
        }),
      ),
    );
    pages.set(
      `/community/${community}`,
      crawlerPage(
        'Orbital Mechanics | Wave',
        'Launch windows.',
        `https://wave.test/community/${community}`,
      ),
    );
    // Views mark a page for Auto-SEO only once analytics knows it exists: the posts (the
    // deleted one's deletion not heard yet) and the public community.
    for (const [id, author] of [
      [post, member],
      [othersPost, other],
      [deletedPost, member],
    ] as const) {
      await sut.post(author, { id });
    }
    await sut.publish('community.created', {
      communityId: community,
      ownerId: uuidv7(),
      name: 'Orbital Mechanics',
      description: 'Launch windows.',
      category: 'technology',
      isPrivate: false,
      createdAt: new Date().toISOString(),
    });
    for (const path of [
      `/tweet/${post}`,
      `/tweet/${post}`,
      `/tweet/${othersPost}`,
      '/profile/grace',
      `/community/${community}`,
      `/tweet/${deletedPost}`,
      '/explore',
    ]) {
      sut.track(path);
    }
    // A crawler's view is counted apart and is not a reason to analyse a page.
    sut.track(`/tweet/${uuidv7()}`, { userAgent: GOOGLEBOT });
    await sut.settleViews();
  });
  afterAll(async () => {
    await sut.stop();
    await new Promise((resolve) => web?.close(resolve));
  });

  it("analyses each viewed public page from what a crawler receives, for its owner's dashboard", async () => {
    const run = await runAutoSeo();

    expect(run).toEqual({ analysed: 4, missing: 1, postponed: 0 });
    expect(new Set(requests.map((request) => request.userAgent))).toEqual(
      new Set([AUTO_SEO_USER_AGENT]),
    );
    expect(requests.map((request) => request.path).sort()).toEqual(
      [
        `/tweet/${post}`,
        `/tweet/${othersPost}`,
        '/profile/grace',
        `/community/${community}`,
        `/tweet/${deletedPost}`,
      ].sort(),
    );

    const mine = await dashboard(member);
    expect(Object.keys(mine.analyses).sort()).toEqual(['/profile/grace', `/tweet/${post}`]);
    expect(mine.totalPages).toBe(2);
    // Two views of the post and one of the profile.
    expect(mine.summary.totalPageViews).toBe(3);
    expect(mine.analyses[`/tweet/${post}`]).toMatchObject({
      title: 'Counting what readers do on a small site | Wave',
      url: `/tweet/${post}`,
    });
    // A profile is listed at its canonical address, by id (a username can change).
    expect(mine.analyses['/profile/grace']!.url).toBe(`/profile/${member}`);
    const scores = Object.values(mine.analyses).map((analysis) => analysis.seoScore);
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);
    expect(mine.summary.avgSEOScore).toBe(Math.round((scores[0]! + scores[1]!) / 2));
    expect(mine.summary.totalIssues).toBe(
      Object.values(mine.analyses).reduce((sum, analysis) => sum + analysis.issues.length, 0),
    );
    // A short post with a short description has issues, in sentences.
    expect(mine.analyses[`/tweet/${post}`]!.issues.length).toBeGreaterThan(0);

    expect(Object.keys((await dashboard(other)).analyses)).toEqual([`/tweet/${othersPost}`]);
    // A page that does not exist (404) is forgotten.
    expect(await pageRow(`/tweet/${deletedPost}`)).toBeUndefined();

    const recommendations = (
      await getAs('/api/seo/recommendations', member)
    ).json<SeoRecommendationsResponse>();
    expect(recommendations.totalAnalyses).toBe(2);
    expect(recommendations.topRecommendations.length).toBeGreaterThan(0);
    for (const { count } of recommendations.topRecommendations) {
      expect([1, 2]).toContain(count);
    }
  });

  it('reads a page again when its post is edited, not merely because it got more views', async () => {
    requests.length = 0;
    sut.track(`/tweet/${post}`);
    await sut.settleViews();
    expect(await runAutoSeo()).toEqual({ analysed: 0, missing: 0, postponed: 0 });

    pages.set(
      `/tweet/${post}`,
      posting(post, member, 'Counting what readers do, edited with a longer first line.'),
    );
    await sut.publish('tweet.updated', {
      tweetId: post,
      authorId: member,
      content: 'Counting what readers do, edited with a longer first line.',
      hashtags: [],
      mentions: [],
      editedAt: new Date().toISOString(),
    });
    expect(await runAutoSeo()).toEqual({ analysed: 1, missing: 0, postponed: 0 });
    expect((await dashboard(member)).analyses[`/tweet/${post}`]!.title).toBe(
      'Counting what readers do, edited with a | Wave',
    );
  });

  it('drops a deleted post from the dashboard', async () => {
    await sut.publish('tweet.deleted', {
      tweetId: othersPost,
      authorId: other,
      parentId: null,
      deletedAt: new Date().toISOString(),
    });
    expect((await dashboard(other)).totalPages).toBe(0);
  });

  it('tries a page again later, each time waiting longer, while the web server is down', async () => {
    const path = `/profile/web_down_${Date.now()}`;
    sut.track(path);
    await sut.settleViews();
    webDown = true;
    try {
      expect(await runAutoSeo()).toEqual({ analysed: 0, missing: 0, postponed: 1 });
    } finally {
      webDown = false;
    }
    const row = await pageRow(path);
    expect(row?.failures).toBe(1);
    expect(row!.due_at!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await runAutoSeo()).toEqual({ analysed: 0, missing: 0, postponed: 0 });
  });

  it("lists a community's page for each of its owners, as their roles change", async () => {
    const [creator, member] = [uuidv7(), uuidv7()];
    const id = uuidv7();
    const path = `/community/${id}`;
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    const listed = async (as: string) => Object.keys((await dashboard(as)).analyses);
    pages.set(
      path,
      crawlerPage('Tide Pools | Wave', 'Rock pools at low tide.', `https://wave.test${path}`),
    );
    await sut.publish('community.created', {
      communityId: id,
      ownerId: creator,
      name: 'Tide Pools',
      description: 'Rock pools at low tide.',
      category: 'science',
      isPrivate: false,
      createdAt: ago(10),
    });
    await sut.publish('community.joined', {
      communityId: id,
      userId: member,
      role: 'member',
      at: ago(9),
    });
    sut.track(path);
    await sut.settleViews();
    await runAutoSeo();
    expect(await listed(creator)).toEqual([path]);
    expect(await listed(member)).toEqual([]);

    // Made an owner, the member sees it too, in the recommendations' count as well.
    await sut.publish('community.role.changed', {
      communityId: id,
      userId: member,
      role: 'owner',
      at: ago(8),
    });
    expect(await listed(member)).toEqual([path]);
    expect(await listed(creator)).toEqual([path]);
    const recommendations = await getAs('/api/seo/recommendations', member);
    expect(recommendations.json<SeoRecommendationsResponse>().totalAnalyses).toBe(1);

    // The creator steps down, then leaves: the page is no longer theirs.
    await sut.publish('community.role.changed', {
      communityId: id,
      userId: creator,
      role: 'member',
      at: ago(7),
    });
    expect(await listed(creator)).toEqual([]);
    expect((await dashboard(creator)).totalPages).toBe(0);
    expect(await listed(member)).toEqual([path]);
  });

  it('lists the most viewed pages, and counts the issues of every page in the summary', async () => {
    const prolific = uuidv7();
    const ids = Array.from({ length: DASHBOARD_PAGES_LIMIT + 1 }, () => uuidv7());
    for (const id of ids) {
      pages.set(`/tweet/${id}`, posting(id, prolific, `Post ${id.slice(-6)}, one of many.`));
      await sut.post(prolific, { id });
      sut.track(`/tweet/${id}`);
    }
    await sut.settleViews();
    await sut.app.get(AutoSeoService).analyseDue(ids.length);

    const mine = await dashboard(prolific);
    expect(mine.totalPages).toBe(ids.length);
    expect(Object.keys(mine.analyses)).toHaveLength(DASHBOARD_PAGES_LIMIT);
    const listed = Object.values(mine.analyses).reduce((sum, page) => sum + page.issues.length, 0);
    const [stored] = await sut.dataSource.query<{ issues: number }[]>(
      `SELECT sum(jsonb_array_length(issues))::int AS issues FROM analytics.seo_pages
       WHERE owner_id = $1`,
      [prolific],
    );
    expect(mine.summary.totalIssues).toBe(stored!.issues);
    expect(mine.summary.totalIssues).toBeGreaterThan(listed);
  });

  it('analyses a post whose page was viewed before analytics heard of the post', async () => {
    const early = uuidv7();
    const path = `/tweet/${early}`;
    const body = 'Read before its event reached analytics, then analysed.';
    pages.set(path, posting(early, member, body));
    sut.track(path);
    await sut.settleViews();
    // Not known yet: nothing is due for it.
    expect(await pageRow(path)).toBeUndefined();

    await sut.post(member, { id: early });
    expect((await pageRow(path))?.due_at).toBeInstanceOf(Date);
    expect(await runAutoSeo()).toEqual({ analysed: 1, missing: 0, postponed: 0 });
    expect((await dashboard(member)).analyses[path]).toMatchObject({
      title: `${body.slice(0, 40)} | Wave`,
    });

    // Impressions alone before the post was known do not make its page due.
    const seenInFeed = uuidv7();
    expect((await sut.impressions([seenInFeed], { as: uuidv7() })).statusCode).toBe(202);
    await sut.settleViews();
    await sut.post(member, { id: seenInFeed });
    expect(await pageRow(`/tweet/${seenInFeed}`)).toBeUndefined();
  });

  it('is for members only', async () => {
    for (const path of ['/api/seo/analytics', '/api/seo/recommendations']) {
      const answer = await getAs(path, null);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 401,
        body: { message: 'Authentication required' },
      });
    }
    const nobody = await dashboard(uuidv7());
    expect(nobody).toEqual({
      summary: { totalPageViews: 0, avgSEOScore: 0, totalIssues: 0 },
      totalPages: 0,
      analyses: {},
    });
  });
});
