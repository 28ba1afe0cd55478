import type { Browser, Page } from 'playwright-core';
import type { ServiceProcess } from '@wave/testing';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import type { Member } from './support/member';
import { registerMember } from './support/member';

const STACK_START_MS = 120_000;

/** What the document's head says, as the page sees it now. */
interface Head {
  title: string;
  /** The @type of each JSON-LD script, and whether the server wrote it. */
  jsonLd: { type: string; fromServer: boolean }[];
  ogTitle: string | null;
  canonical: string | null;
  serverTags: number;
}

const headOf = (page: Page): Promise<Head> =>
  page.evaluate(() => ({
    title: document.title,
    jsonLd: Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
      (script) => ({
        type: String((JSON.parse(script.textContent ?? '{}') as { '@type'?: string })['@type']),
        fromServer: script.hasAttribute('data-page-meta'),
      }),
    ),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    serverTags: document.querySelectorAll('[data-page-meta]').length,
  }));

describe("the server's head markup and the client's, in Chromium", () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  let ada: Member;
  let postId: string;
  const origin = 'https://wave.example';

  beforeAll(async () => {
    stack = await startStack('browser_page_meta');
    web = await startWeb(stack.gateway.url, { PUBLIC_ORIGIN: origin });
    browser = await launchChromium();
    ada = await registerMember(stack.gateway.url, 'pm_ada', 'Ada Lovelace');
    const post = await ada.api.post<{ id: string }>('/api/tweets', {
      content: 'Notes on the Analytical Engine',
    });
    expect(post.status).toBe(201);
    postId = post.body.id;
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  it("gives a post's page its SocialMediaPosting markup once, then each next page only its own", async () => {
    const { context, page } = await newPage(browser, web.url);
    const title = 'Ada Lovelace on Wave: "Notes on the Analytical Engine"';

    // As sent: the server's head (what a crawler reads).
    const response = await page.goto(`/tweet/${postId}`);
    expect(response?.status()).toBe(200);
    const sent = await response!.text();
    expect(sent).toContain(
      `<title data-page-meta="title">${title.replaceAll('"', '&quot;')}</title>`,
    );
    expect(sent).toMatch(/<script type="application\/ld\+json" data-page-meta>/);

    // Once the app shows the post: its own JSON-LD in place of the server's, never both.
    await page.locator('article').filter({ hasText: 'Notes on the Analytical Engine' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('script[type="application/ld+json"]:not([data-page-meta])'),
    );
    const onPost = await headOf(page);
    expect(onPost.jsonLd).toEqual([{ type: 'SocialMediaPosting', fromServer: false }]);
    expect(onPost.title).toBe(title);
    // The cards stay for as long as the page is the one the server described.
    expect(onPost.ogTitle).toBe(title);
    expect(onPost.canonical).toBe(`${origin}/tweet/${postId}`);

    // In the app, on to the author's profile: nothing of the post's head is left.
    await page
      .locator('article')
      .getByRole('link', { name: 'Ada Lovelace', exact: true })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).first().waitFor();
    await page.waitForFunction(() => document.title.includes('(@'));
    const onProfile = await headOf(page);
    expect(onProfile).toEqual({
      title: `Ada Lovelace (@${ada.username}) · Wave`,
      jsonLd: [{ type: 'ProfilePage', fromServer: false }],
      ogTitle: null,
      canonical: null,
      serverTags: 0,
    });

    // And back: the post's markup once again, from the client.
    await page.goBack();
    await page.waitForFunction(
      (expected) => document.title === expected,
      'Ada Lovelace on Wave: "Notes on the Analytical Engine"',
    );
    expect((await headOf(page)).jsonLd).toEqual([
      { type: 'SocialMediaPosting', fromServer: false },
    ]);
    await context.close();
  });

  it('gives a profile opened by its address its ProfilePage markup once', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto(`/profile/${ada.username}`);
    await page.getByRole('heading', { name: 'Ada Lovelace' }).first().waitFor();
    await page.waitForFunction(() =>
      document.querySelector('script[type="application/ld+json"]:not([data-page-meta])'),
    );
    expect((await headOf(page)).jsonLd).toEqual([{ type: 'ProfilePage', fromServer: false }]);
    await context.close();
  });
});
