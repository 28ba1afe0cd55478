import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServiceProcess } from '@wave/testing';
import { ApiClient, newAccount } from '../support/api-client';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import { blockingViolations, overflow } from './support/quality';

describe('the web client in Chromium: accessibility, small screens, offline', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  let member: ApiClient;
  let username: string;
  let tweetId: string;

  beforeAll(async () => {
    stack = await startStack('browser_quality');
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();
    member = new ApiClient(stack.gateway.url);
    const account = newAccount('b_quality');
    username = account.username;
    expect((await member.post('/api/register', account)).status).toBe(201);
    const created = await member.post<{ id: string }>('/api/tweets', {
      content: 'Checking the pages with axe https://example.com',
    });
    tweetId = created.body.id;
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  async function signedIn(width?: number): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, web.url, { width });
    await opened.context.addCookies([
      { name: 'wave_session', value: member.sessionCookie ?? '', url: web.url },
    ]);
    return opened;
  }

  it.each([
    ['the landing page', '/', 'heading'],
    ['the sign-in page', '/auth', 'tab'],
    ['a static page', '/about', 'heading'],
    ['the 404 page', '/nowhere', 'heading'],
  ])('has no serious accessibility problems on %s (visitor)', async (_name, path, role) => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto(path);
    await page
      .getByRole(role as 'heading' | 'tab')
      .first()
      .waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility problems on the home feed, a profile and a post (member)', async () => {
    const { context, page } = await signedIn();
    for (const path of ['/', `/profile/${username}`, `/tweet/${tweetId}`]) {
      await page.goto(path);
      await page.locator('article').filter({ hasText: 'Checking the pages' }).first().waitFor();
      expect({ path, violations: await blockingViolations(page) }).toEqual({
        path,
        violations: [],
      });
    }
    await context.close();
  });

  it('fits a 360 px phone: bottom bar, menu sheet, no sideways scrolling', async () => {
    const { context, page } = await signedIn(360);
    await page.goto('/');
    await page.locator('article').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('navigation', { name: 'Menu' }).waitFor();
    await sheet.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await sheet.waitFor({ state: 'detached' });
    await page.locator('article').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('moves focus into a dialog, keeps it there, and gives it back on Escape', async () => {
    const { context, page } = await signedIn();
    await page.goto('/');
    await page.locator('article').first().waitFor();
    const opener = page
      .getByRole('navigation', { name: 'Main' })
      .locator('..')
      .getByRole('button', {
        name: 'Post',
      });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((node) => node === document.activeElement)).toBe(true);
    await context.close();
  });

  it('serves the app shell from the service worker when the network is gone', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto('/');
    await page.getByRole('link', { name: 'Join now' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit installs the worker; a reload puts the page under its control.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Who the reader is cannot be checked: the app says so instead of guessing "visitor".
    await page.goto('/');
    await page.getByRole('heading', { name: "Can't reach Wave" }).waitFor();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: 'Join now' }).waitFor();
    await context.close();
  });
});
