import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { ServiceProcess } from '@wave/testing';
import { eventually } from '@wave/testing';
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

  /**
   * Moves the mouse onto a control as a hand does, in a few steps (Radix lets the pointer cross
   * towards an open tooltip before closing it, which one jump would never finish).
   */
  async function pointAt(page: Page, control: Locator): Promise<void> {
    const box = await control.boundingBox();
    if (!box) throw new Error('the control is not on the screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  }

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
    // The member's own post has a menu button in its name line; the line is no taller for it
    // (the gap under the name is the same as on anyone else's post).
    const own = page.locator('article').filter({ hasText: 'Checking the pages' }).first();
    await own.getByRole('button', { name: 'More options' }).waitFor();
    const header = (await own.locator('header').first().boundingBox())!;
    const nameLine = (await own.locator('header > div').first().boundingBox())!;
    expect(header.height).toBeCloseTo(nameLine.height, 0);
    await context.close();
  });

  it("starts a returning member's reads of the home page together, once each, compressed", async () => {
    // A feed long enough to be worth compressing (answers under 1 KB are sent as they are).
    for (let n = 0; n < 4; n += 1) {
      const posted = await member.post('/api/tweets', { content: `Long enough ${n} `.repeat(20) });
      expect(posted.status).toBe(201);
    }
    const { context, page } = await signedIn(390);
    // Requests and answers in the order the browser saw them.
    const seen: { event: 'request' | 'response'; path: string; encoding?: string }[] = [];
    const pathOf = (address: string) => {
      const url = new URL(address);
      return `${url.pathname}${url.search}`;
    };
    page.on('request', (request) => {
      const path = pathOf(request.url());
      if (path.startsWith('/api/')) seen.push({ event: 'request', path });
    });
    page.on('response', (response) => {
      const path = pathOf(response.url());
      if (path.startsWith('/api/')) {
        seen.push({ event: 'response', path, encoding: response.headers()['content-encoding'] });
      }
    });
    // The first visit learns that this browser's reader is a member (the hint cookie)...
    await page.goto('/');
    await page.getByRole('article').first().waitFor();
    expect(
      (await context.cookies(web.url)).find((cookie) => cookie.name === 'wave_member'),
    ).toMatchObject({
      value: '1',
      httpOnly: false,
    });

    // ...and the next one asks for who they are and their feed at once, each a single time.
    seen.length = 0;
    await page.reload();
    await page.getByRole('article').first().waitFor();
    const reads = (path: string) =>
      seen.filter((read) => read.event === 'request' && read.path === path);
    expect(reads('/api/user')).toHaveLength(1);
    expect(reads('/api/tweets?limit=20')).toHaveLength(1);
    // Both were started by index.html's inline script, before the entry had loaded, and the
    // app took both over (each is removed when taken).
    expect(
      await page.evaluate(() =>
        Object.keys(
          (window as unknown as { __waveEarlyReads?: object }).__waveEarlyReads ?? {
            'no reads started by index.html': true,
          },
        ),
      ),
    ).toEqual([]);
    // The feed was asked for before the answer of who the reader is came back (without the
    // hint it waits for that answer, then for the home page's code).
    const at = (event: 'request' | 'response', path: string) =>
      seen.findIndex((read) => read.event === event && read.path === path);
    expect(at('request', '/api/tweets?limit=20')).toBeLessThan(at('response', '/api/user'));
    // The feed's answer is JSON compressed as the production server compresses it.
    const feed = seen.find(
      (read) => read.event === 'response' && read.path === '/api/tweets?limit=20',
    );
    expect(['br', 'gzip']).toContain(feed?.encoding);

    // When the session has ended, the hint is found wrong once (the visitor gets the landing
    // page, the feed read ahead is dropped) and cleared: the next visit reads nothing ahead.
    await context.clearCookies({ name: 'wave_session' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Join now' }).first().waitFor();
    await eventually(
      async () => (await context.cookies(web.url)).some((cookie) => cookie.name === 'wave_member'),
      (hinted) => !hinted,
      { what: 'the member hint to be cleared' },
    );
    seen.length = 0;
    await page.goto('/');
    await page.getByRole('link', { name: 'Join now' }).first().waitFor();
    expect(reads('/api/tweets?limit=20')).toHaveLength(0);
    await context.close();
  });

  it('fits a 360 px phone: bottom bar, menu sheet, no sideways scrolling', async () => {
    const { context, page } = await signedIn(360);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.locator('article').first().waitFor();
    // The sidebars are not drawn on a phone, nor is what they would ask the server for (the
    // trends; the recommendations this member sees are the main column's welcome).
    expect(await page.locator('aside').count()).toBe(0);
    expect(asked.filter((path) => path === '/api/trends')).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await bar.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    // A toast sits above the bottom bar, clear of its buttons (Post among them).
    await page.getByRole('button', { name: 'Share' }).first().click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    const toast = page.locator('[role="region"] li').first();
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('navigation', { name: 'Menu' }).waitFor();
    await sheet.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await sheet.waitFor({ state: 'detached' });
    await page.locator('article').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The community categories scroll sideways, and fade out on the side that goes on.
    await page.goto('/communities');
    const chips = page.getByRole('group', { name: 'Categories' });
    await page.locator('[aria-label="Categories"][data-more-after]').waitFor();
    expect(await chips.getAttribute('data-more-before')).toBeNull();
    await chips.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await page
      .locator('[aria-label="Categories"][data-more-before]:not([data-more-after])')
      .waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows tooltips on icon-only controls after 700 ms, the next at once within 300 ms, and 700 ms again after', async () => {
    // 1,000 px: between md and xl the left sidebar shows icons only.
    const { context, page } = await signedIn(1000);
    await page.goto(`/tweet/${tweetId}`);
    const actions = page.getByRole('group', { name: 'Post actions' }).first();
    await actions.getByRole('button', { name: 'Like' }).waitFor();
    const tooltips = page.getByRole('tooltip');
    // The page's clock from here on moves only when the test says so (installed, it runs with
    // real time until paused).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);

    await pointAt(page, actions.getByRole('button', { name: 'Like' }));
    await page.clock.runFor(600);
    expect(await tooltips.count()).toBe(0);
    await page.clock.runFor(200);
    await tooltips.first().waitFor();
    expect(await tooltips.first().textContent()).toBe('Like');

    // The neighbour, straight after: within the skip-delay window, no waiting.
    await pointAt(page, actions.getByRole('button', { name: 'Retweet' }));
    await page.clock.runFor(50);
    await page.getByRole('tooltip', { name: 'Retweet' }).waitFor();

    // Past the window (300 ms after the last one closed) the delay is back.
    await page.mouse.move(640, 450, { steps: 4 });
    await page.clock.runFor(400);
    await pointAt(page, actions.getByRole('button', { name: 'Like' }));
    await page.clock.runFor(600);
    expect(await page.getByRole('tooltip', { name: 'Like' }).count()).toBe(0);
    await page.clock.runFor(200);
    await page.getByRole('tooltip', { name: 'Like' }).waitFor();

    // The sidebar's icons name themselves, and the theme toggle and 'Share this page' too.
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [control, name] of [
      [main.getByRole('link', { name: 'Explore' }), 'Explore'],
      [page.getByRole('button', { name: 'Theme' }), 'Theme'],
      [page.getByRole('button', { name: 'Share this page' }), 'Share this page'],
    ] as const) {
      await page.mouse.move(640, 450, { steps: 4 });
      await page.clock.runFor(1_000);
      await pointAt(page, control);
      await page.clock.runFor(800);
      await page.getByRole('tooltip', { name }).waitFor();
    }

    // At xl the sidebar shows its labels: no tooltip repeats them.
    await page.mouse.move(640, 450, { steps: 4 });
    await page.clock.runFor(1_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    await pointAt(page, main.getByRole('link', { name: 'Explore' }));
    await page.clock.runFor(800);
    expect(await page.getByRole('tooltip', { name: 'Explore' }).count()).toBe(0);
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
    // The dialog gives focus back as it unmounts, which may come a task after its node is gone.
    const openerNode = await opener.elementHandle();
    await page.waitForFunction((node) => node === document.activeElement, openerNode, {
      timeout: 5_000,
    });
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
