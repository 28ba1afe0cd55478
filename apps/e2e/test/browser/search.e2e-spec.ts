import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SearchResult } from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { eventually } from '@wave/testing';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import { blockingViolations } from './support/quality';
import type { Member } from './support/member';
import { registerMember } from './support/member';

describe('the web client in Chromium: search', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  let ada: Member;
  let launchPostId: string;

  const register = (prefix: string, displayName?: string): Promise<Member> =>
    registerMember(stack.gateway.url, prefix, displayName);

  async function signedIn(member: Member): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, web.url);
    await opened.context.addCookies([
      { name: 'wave_session', value: member.api.sessionCookie ?? '', url: web.url },
    ]);
    return opened;
  }

  beforeAll(async () => {
    stack = await startStack('browser_search');
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();
    ada = await register('s_ada', 'Ada Lovelace');
    const posted = await ada.api.post<{ id: string }>('/api/tweets', {
      content:
        'The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers #computing',
    });
    launchPostId = posted.body.id;
    // Indexed a moment later, through the outbox and search's queue.
    await eventually(
      async () => (await ada.api.get<SearchResult[]>('/api/search?q=jacquard&type=posts')).body,
      (results) => results.length === 1,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  it('searches from the sidebar: results, filters, empty text, and opens a post and a profile', async () => {
    const grace = await register('s_grace');
    const { context, page } = await signedIn(grace);
    page.setDefaultTimeout(10_000);
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const box = sidebar.getByRole('combobox', { name: 'Search Wave' });
    await box.fill('jacqard');
    const results = sidebar.getByRole('listbox', { name: 'Search results' });
    const post = results.getByRole('option', {
      name: /^Ada Lovelace ?@s_ada\w* ?The Analytical Engine/,
    });
    await post.waitFor();
    expect(await post.textContent()).toContain('...');
    expect(await blockingViolations(page)).toEqual([]);

    await post.click();
    await page.waitForURL(`**/tweet/${launchPostId}`);

    await box.fill(ada.username);
    await sidebar.getByRole('button', { name: 'Search filters' }).click();
    await sidebar.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Users' });
    await results
      .getByRole('option', { name: new RegExp(`^Ada Lovelace ?@${ada.username}$`) })
      .click();
    await page.waitForURL(`**/profile/${ada.username}`);

    await box.fill('zzzqqqxx');
    await page.getByText('No results found for "zzzqqqxx"').waitFor();
    await page.getByText('Try adjusting your search or filters').waitFor();
    await sidebar.getByRole('button', { name: 'Clear search' }).click();
    expect(await box.inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'combobox',
    );

    // Enter on the text opens Explore with it: the matching post in its feed.
    await box.fill('jacqard');
    await box.press('Enter');
    await page.waitForURL('**/explore?q=jacqard');
    await page
      .getByRole('region', { name: 'Filtered posts' })
      .getByRole('link', { name: /The Analytical Engine/ })
      .waitFor();
    await context.close();
  });

  it('explores: live trends, a topic filters posts, and the search box finds them', async () => {
    const katherine = await register('s_kat');
    const { context, page } = await signedIn(katherine);
    await page.goto('/explore');
    await page.getByRole('heading', { name: 'Explore' }).waitFor();
    const topics = page.getByRole('list', { name: 'Trending topics' });
    await topics.getByRole('button', { name: /#computing/ }).click();
    const feed = page.getByRole('region', { name: 'Filtered posts' });
    await feed.getByRole('link', { name: /Jacquard loom/ }).waitFor();

    const main = page.getByRole('main');
    await main
      .getByRole('combobox', { name: 'Search posts, people and hashtags' })
      .fill('algebraic');
    await feed.getByRole('link', { name: /Jacquard loom/ }).waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
});
