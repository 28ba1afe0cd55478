import type { Browser, BrowserContext, Page } from 'playwright-core';
import type {
  SeoAnalysisResult,
  SeoAnalyticsResponse,
  UserAnalyticsResponse,
} from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { eventually, freePort } from '@wave/testing';
import { ApiClient } from '../support/api-client';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import { expect as expectPage } from './support/expect-page';
import type { Member } from './support/member';
import { registerMember } from './support/member';
import { allViolations, overflow } from './support/quality';

/** The whole stack, the web server and a browser start before the first test. */
const STACK_START_MS = 120_000;

describe('the web client in Chromium: personal analytics and the SEO dashboard', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  /** Has a post that another member liked and replied to, and a follower. */
  let author: Member;
  /** Has nothing yet. */
  let newcomer: Member;
  let postId: string;

  beforeAll(async () => {
    // Auto-SEO reads this web server's pages, every second.
    const webPort = await freePort();
    stack = await startStack('browser_dashboards', {
      WEB_URL: `http://127.0.0.1:${webPort}`,
      AUTO_SEO_INTERVAL_SECONDS: '1',
    });
    web = await startWeb(stack.gateway.url, {}, webPort);
    browser = await launchChromium();
    author = await registerMember(stack.gateway.url, 'd_author', 'Grace Analytics');
    newcomer = await registerMember(stack.gateway.url, 'd_new');
    const fan = await registerMember(stack.gateway.url, 'd_fan');
    const post = await author.api.post<{ id: string }>('/api/tweets', {
      content: 'Counting what readers do #metrics',
    });
    expect(post.status).toBe(201);
    postId = post.body.id;
    expect((await fan.api.post(`/api/users/${author.id}/follow`)).status).toBe(200);
    expect((await fan.api.post(`/api/tweets/${post.body.id}/like`)).status).toBe(200);
    expect(
      (await fan.api.post(`/api/tweets/${post.body.id}/reply`, { content: 'Nice numbers' })).status,
    ).toBe(201);
    // The events reach analytics within seconds; the screens are checked once they have.
    await eventually(
      async () =>
        (await author.api.get<UserAnalyticsResponse>(`/api/analytics/user/${author.id}/30d`)).body,
      ({ overview }) =>
        overview.totalLikes === 1 && overview.totalReplies === 1 && overview.totalFollowers === 1,
    );
    // A reader views the post's page; Auto-SEO then analyses it for the author's SEO dashboard.
    const reader = new ApiClient(stack.gateway.url);
    const viewed = await reader.post(
      '/api/seo/track',
      { url: `/tweet/${postId}`, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } },
    );
    expect(viewed.status).toBe(202);
    await eventually(
      async () => (await author.api.get<SeoAnalyticsResponse>('/api/seo/analytics')).body,
      ({ totalPages }) => totalPages === 1,
      { timeoutMs: 20_000, what: "the author's post analysed by Auto-SEO" },
    );
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  async function signedIn(
    member: Member | null,
    width?: number,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, web.url, { width });
    if (member) {
      await opened.context.addCookies([
        { name: 'wave_session', value: member.api.sessionCookie ?? '', url: web.url },
      ]);
    }
    return opened;
  }

  it("sends a visitor from /analytics to /auth, and shows the SEO dashboard's 'Access Denied'", async () => {
    const { context, page } = await signedIn(null);
    await page.goto('/analytics');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();

    await page.goto('/seo-dashboard');
    await expectPage.text(page, 'Access Denied - Please log in to access the SEO Dashboard.');
    expect(await page.getByText('Auto-SEO Active').count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await allViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a member with nothing yet the empty text, over 30 days by default', async () => {
    const { context, page } = await signedIn(newcomer);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expectPage.text(
      page,
      'No analytics data available - Start posting to see your analytics here',
    );
    expect(await page.getByLabel('Time range').inputValue()).toBe('30d');
    await page.locator('header').getByText('Last 30 days', { exact: true }).waitFor();
    expect(await allViolations(page)).toEqual([]);

    // Nothing of theirs has been viewed by a reader yet: no page for Auto-SEO to analyse.
    await page.goto('/seo-dashboard');
    await expectPage.text(
      page,
      'No pages analyzed yet. Your profile, posts and communities are analyzed automatically once they get views.',
    );
    await page.getByRole('tab', { name: 'Recommendations' }).click();
    await expectPage.text(page, 'No recommendations yet.');
    await context.close();
  });

  it('shows the metric cards, the three tabs and another range, readable on a phone', async () => {
    const { context, page } = await signedIn(author, 360);
    await page.goto('/analytics');
    const overview = page.getByRole('list', { name: 'Overview' });
    await overview.waitFor();
    for (const metric of ['Views', 'Likes', 'Replies', 'Followers']) {
      expect(await overview.getByRole('listitem').filter({ hasText: metric }).count()).toBe(1);
    }

    // Top Posts first: the post with its numbers.
    const topPosts = page.getByRole('tabpanel', { name: 'Top Posts' });
    await topPosts.getByText('Counting what readers do #metrics').waitFor();

    await page.getByRole('tab', { name: 'Trends' }).click();
    await page
      .getByRole('tabpanel', { name: 'Trends' })
      .locator('[data-testid="chart"] svg')
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Audience' }).click();
    const audience = page.getByRole('tabpanel', { name: 'Audience' });
    await audience.getByText('#metrics').first().waitFor();
    await audience.locator('[data-testid="chart"] svg').first().waitFor();
    expect(await allViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Another range is read from the server and named in the header.
    const week = page.waitForResponse((response) =>
      response.url().includes(`/api/analytics/user/${author.id}/7d`),
    );
    await page.getByLabel('Time range').selectOption('7d');
    expect((await week).status()).toBe(200);
    await page.locator('header').getByText('Last 7 days', { exact: true }).waitFor();
    await context.close();
  });

  it("shows each post's view count on its card, in the feed and on the post's page", async () => {
    const counted = await eventually(
      async () =>
        (
          await new ApiClient(stack.gateway.url).get<{ views: Record<string, number> }>(
            `/api/analytics/views?ids=${postId}`,
          )
        ).body.views[postId] ?? 0,
      (views) => views >= 1,
      { what: "the reader's view of the post" },
    );
    const { context, page } = await signedIn(author);
    const viewCounts = page.waitForResponse((response) =>
      response.url().includes('/api/analytics/views?ids='),
    );
    await page.goto(`/profile/${author.username}`);
    const card = page.getByRole('article').filter({ hasText: 'Counting what readers do' }).first();
    await card.waitFor();
    expect((await viewCounts).status()).toBe(200);
    const label = new RegExp(`^${counted} views?$`);
    await card.getByText(label).waitFor({ state: 'attached' });

    await page.goto(`/tweet/${postId}`);
    const main = page.getByRole('article').filter({ hasText: 'Counting what readers do' }).first();
    await main.getByText(/^\d+ views?$/).waitFor({ state: 'attached' });
    expect(await allViolations(page)).toEqual([]);
    await context.close();
  });

  it('analyses a text and suggests keyword placement on the SEO dashboard', async () => {
    const { context, page } = await signedIn(author);
    await page.goto('/seo-dashboard');
    await page.getByRole('heading', { name: 'SEO Dashboard', level: 1 }).waitFor();
    await page.getByText('Auto-SEO Active').waitFor();
    for (const tab of ['Analytics', 'Content Analysis', 'Optimization', 'Recommendations']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    // The post a reader viewed, as Auto-SEO analysed it: its title, link, score and issues.
    const seo = (await author.api.get<SeoAnalyticsResponse>('/api/seo/analytics')).body;
    const [path, analysis] = Object.entries(seo.analyses)[0]!;
    const summary = page.getByRole('list', { name: 'SEO summary' });
    await summary
      .getByRole('listitem')
      .filter({ hasText: 'Pages analyzed' })
      .getByText('1')
      .waitFor();
    const listed = page.getByRole('list', { name: 'Pages' }).getByRole('listitem').first();
    await listed.getByRole('heading', { name: analysis.title }).waitFor();
    expect(await listed.getByRole('link', { name: analysis.url }).getAttribute('href')).toBe(path);
    const issues = listed.getByRole('list', { name: 'Issues' }).getByRole('listitem');
    expect(await issues.count()).toBe(Math.min(3, analysis.issues.length));
    if (analysis.issues.length > 3) {
      await listed.getByText(`+${analysis.issues.length - 3} more issue`).waitFor();
    }
    await page.getByRole('tab', { name: 'Recommendations' }).click();
    await expectPage.text(
      page,
      (
        await author.api.get<{ topRecommendations: { recommendation: string }[] }>(
          '/api/seo/recommendations',
        )
      ).body.topRecommendations[0]!.recommendation,
    );
    expect(await allViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Content Analysis' }).click();
    const form = page.getByRole('form', { name: 'Content analysis' });
    await form.getByRole('button', { name: 'Analyze Content' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Content is required').waitFor();

    const title = 'Counting what readers do on a small social site';
    const content = '# Views\n\nEach reader counts once a day. Crawlers are counted apart.';
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Content').fill(content);
    const analysed = page.waitForResponse((response) =>
      response.url().endsWith('/api/seo/analyze'),
    );
    await form.getByRole('button', { name: 'Analyze Content' }).click();
    expect((await analysed).status()).toBe(200);
    // The score shown is the server's for the same text.
    const expected = (
      await author.api.post<SeoAnalysisResult>('/api/seo/analyze', { title, content })
    ).body;
    const score = page.getByRole('progressbar', { name: 'SEO score' });
    await score.waitFor();
    expect(Number(await score.getAttribute('aria-valuenow'))).toBe(expected.seoScore);
    await page.getByRole('heading', { name: 'SEO analysis' }).waitFor();
    await expectPage.text(page, expected.issues[0]!);
    expect(await allViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Optimization' }).click();
    const optimize = page.getByRole('form', { name: 'Optimization' });
    await optimize.getByLabel('Content').fill(content);
    await optimize.getByLabel('Target keywords').fill('reader, sharding');
    await optimize.getByRole('button', { name: 'Get Optimization Suggestions' }).click();
    const table = page.getByRole('table', { name: 'Target keywords' });
    await table.waitFor();
    const sharding = table.getByRole('row').filter({ hasText: 'sharding' });
    await sharding.getByText('Missing').waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'reader' }).count()).toBe(1);
    expect(await allViolations(page)).toEqual([]);

    // What was typed in Content Analysis is still there after a look at another tab.
    await page.getByRole('tab', { name: 'Content Analysis' }).click();
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    await context.close();
  });
});
