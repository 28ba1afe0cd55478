import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type {
  CommunityDetailResponse,
  CommunityPostResponse,
  UserAnalyticsResponse,
} from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { eventually, freePort } from '@wave/testing';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import { expect as expectPage } from './support/expect-page';
import type { Member } from './support/member';
import { registerMember } from './support/member';
import { blockingViolations } from './support/quality';

/** What the page reports through the binding the init script calls. */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

const REPORT_BINDING = 'waveReportCspViolation';
/** The whole stack, the web server and a browser start before the first test. */
const STACK_START_MS = 120_000;
/** The member's tour visits every screen of the app. */
const TOUR_MS = 90_000;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer();

/** A policy's directives: name → sources, in order. */
const directivesOf = (policy: string | null | undefined): Record<string, string[]> =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

/** Waits until the image has loaded (a blocked or broken one never gets a width). */
async function loaded(image: Locator): Promise<void> {
  await image.waitFor();
  await image.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        const img = element as HTMLImageElement;
        const settle = () =>
          img.naturalWidth > 0 ? resolve() : reject(new Error(`not loaded: ${img.src}`));
        if (img.complete) settle();
        else {
          img.addEventListener('load', settle, { once: true });
          img.addEventListener('error', settle, { once: true });
        }
      }),
  );
}

describe('the web client under its Content-Security-Policy, in Chromium', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  let origin: Server;
  let originUrl: string;
  let ada: Member;
  let bob: Member;
  let tweetId: string;
  let community: CommunityDetailResponse;
  let communityPost: CommunityPostResponse;
  /** The directives every page must be sent (script hashes from the served index.html). */
  let expected: Record<string, string[]>;
  /** Everything the browser reported, with the path it happened on. */
  let violations: string[];

  const register = (prefix: string): Promise<Member> => registerMember(stack.gateway.url, prefix);

  /**
   * A browser profile (signed in as the member, if one is given) that reports every
   * `securitypolicyviolation` of its pages, and every console message about the policy.
   */
  async function opened(member?: Member): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(browser, web.url);
    if (member) {
      await context.addCookies([
        { name: 'wave_session', value: member.api.sessionCookie ?? '', url: web.url },
      ]);
    }
    await context.exposeBinding(REPORT_BINDING, ({ page: from }, violation: Violation) => {
      violations.push(
        `${new URL(from.url()).pathname}: ${violation.directive} blocked ${violation.blocked} (${violation.source}) ${violation.sample}`,
      );
    });
    await context.addInitScript((binding: string) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = Reflect.get(window, binding) as (violation: Violation) => Promise<void>;
        void report({
          directive: event.effectiveDirective,
          blocked: event.blockedURI || 'inline',
          source: `${event.sourceFile}:${event.lineNumber}`,
          sample: event.sample,
        });
      });
    }, REPORT_BINDING);
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) {
        violations.push(`${new URL(page.url()).pathname}: console: ${message.text()}`);
      }
    });
    return { context, page };
  }

  /** Opens a screen by its address: the document must carry the policy, then the screen shows. */
  async function visit(page: Page, path: string, ready: (page: Page) => Locator): Promise<void> {
    const response = await page.goto(path);
    expect({
      path,
      directives: directivesOf(response?.headers()['content-security-policy']),
    }).toEqual({ path, directives: expected });
    await ready(page).waitFor();
  }

  const heading = (name: string | RegExp, level?: number) => (page: Page) =>
    page.getByRole('heading', { name, level }).first();
  const card = (text: string) => (page: Page) =>
    page.locator('article').filter({ hasText: text }).first();
  const landing = (page: Page) => page.getByRole('link', { name: 'Join now' });

  beforeAll(async () => {
    // A site to preview: its page and picture reach the browser through the gateway only.
    const cover = await png(1200, 630);
    const port = await freePort();
    originUrl = `http://127.0.0.1:${port}`;
    origin = createServer((req, res) => {
      if (req.url === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><title>Orbits</title>
          <meta property="og:title" content="Orbits explained">
          <meta property="og:image" content="/cover.png"></head><body></body></html>`);
      } else if (req.url === '/cover.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': cover.length });
        res.end(cover);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
    stack = await startStack('browser_csp', { OUTBOUND_ALLOWLIST: `127.0.0.1:${port}` });
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();

    ada = await register('p_ada');
    bob = await register('p_bob');
    await bob.api.post(`/api/users/${ada.id}/follow`);
    // A post keeps only a preview its author asked for, as the composer does.
    expect((await ada.api.post('/api/link-preview', { url: `${originUrl}/article` })).status).toBe(
      200,
    );
    const tweet = await ada.api.post<{ id: string }>('/api/tweets', {
      content: 'Orbital mechanics, a primer',
      linkPreview: { url: `${originUrl}/article` },
    });
    expect(tweet.status).toBe(201);
    tweetId = tweet.body.id;
    community = (
      await ada.api.post<CommunityDetailResponse>('/api/communities', {
        name: 'Policy Makers',
        description: 'Headers, hashes and the people who set them',
        category: 'Science',
        rules: ['Be kind'],
      })
    ).body;
    communityPost = (
      await ada.api.post<CommunityPostResponse>(`/api/communities/${community.id}/posts`, {
        content: 'Welcome to the policy makers',
      })
    ).body;

    // The expected policy: its inline-script hashes made here from the page as served.
    const html = await (await fetch(`${web.url}/`)).text();
    const document = parseDocument(html);
    const hashes = DomUtils.findAll(
      (element) => element.name === 'script' && element.attribs['src'] === undefined,
      document.children,
    ).map(
      (script) =>
        `'sha256-${createHash('sha256').update(DomUtils.textContent(script)).digest('base64')}'`,
    );
    // The theme's pre-paint script, at least.
    expect(hashes.length).toBeGreaterThan(0);
    expected = {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...hashes],
      'style-src': ["'self'"],
      'style-src-elem': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    };
  }, STACK_START_MS);
  beforeEach(() => {
    violations = [];
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
    await new Promise((resolve) => origin?.close(resolve));
  });

  it("sends the policy with the app's own files, and leaves the gateway's answers alone", async () => {
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/no/such/page']) {
      const response = await fetch(`${web.url}${path}`);
      expect({
        path,
        directives: directivesOf(response.headers.get('content-security-policy')),
      }).toEqual({ path, directives: expected });
    }
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${web.url}/`)).text());
    const script = await fetch(`${web.url}${asset?.[1]}`);
    expect(directivesOf(script.headers.get('content-security-policy'))).toEqual(expected);

    // The gateway's own answer, not the app's policy (media sandboxes what it serves).
    const upload = await ada.api.post<{ uploadURL: string }>('/api/objects/upload');
    const stored = await ada.api.request<{ objectPath: string }>('PUT', upload.body.uploadURL, {
      rawBody: await png(40, 40),
      headers: { 'content-type': 'image/png' },
    });
    const object = await fetch(`${web.url}${stored.body.objectPath}`);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it(
    "runs every visitor's screen with no violation",
    async () => {
      const { context, page } = await opened();
      await visit(page, '/', landing);
      await visit(page, '/auth', (current) => current.getByRole('tab', { name: 'Sign In' }));
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.locator('#signupEmail').waitFor();
      await visit(page, `/profile/${ada.username}`, heading(ada.displayName));
      await visit(page, `/tweet/${tweetId}`, card('Orbital mechanics, a primer'));
      // Members' pages show a visitor the landing page.
      for (const path of ['/communities', `/community/${community.id}`, '/explore']) {
        await visit(page, path, landing);
      }
      for (const [path, title] of [
        ['/about', /About/],
        ['/features', /Features/],
        ['/help', /Help/],
        ['/rules-conduct', 'Rules of Conduct'],
        ['/privacy-policy', 'Privacy Policy'],
        ['/terms-service', 'Terms of Service'],
      ] as const) {
        await visit(page, path, heading(title, 1));
      }
      await visit(page, '/seo-dashboard', (current) => current.getByText('Access Denied').first());
      await visit(page, '/nowhere', heading('Page Not Found'));
      expect(violations).toEqual([]);
      await context.close();
    },
    TOUR_MS,
  );

  it(
    "runs every member's screen with no violation: composers, images, emoji, previews, dialogs",
    async () => {
      const { context, page } = await opened(bob);

      // Home: the feed with a link preview (its picture through the image proxy), then the
      // inline composer with an emoji and an image (a data: preview), posted.
      await visit(page, '/', heading('Home'));
      const primer = card('Orbital mechanics, a primer')(page);
      await loaded(primer.locator('img[alt="Preview image for Orbits explained"]'));
      const composer = page.getByRole('form', { name: 'Create a post' });
      await composer.getByLabel('What is happening?!').fill('Under a strict policy ');
      await composer.getByRole('button', { name: 'Add emoji' }).click();
      await page.getByRole('dialog', { name: 'Add emoji' }).getByRole('gridcell').first().click();
      expect(await composer.getByLabel('What is happening?!').inputValue()).not.toBe(
        'Under a strict policy ',
      );
      await composer.getByTestId('inline-image-input').setInputFiles({
        name: 'sky.png',
        mimeType: 'image/png',
        buffer: await png(320, 200),
      });
      const attached = composer.getByRole('img', { name: 'Attached image: sky.png' });
      await loaded(attached);
      expect(await attached.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await composer.getByRole('button', { name: 'Post' }).click();
      await expectPage.text(page, 'Post sent!');
      await loaded(card('Under a strict policy')(page).locator('img[src*="/objects/"]'));

      // The modal composer: picked files previewed from blob: URLs.
      await page
        .getByRole('navigation', { name: 'Main' })
        .locator('..')
        .getByRole('button', { name: 'Post' })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('modal-image-input').setInputFiles({
        name: 'moon.png',
        mimeType: 'image/png',
        buffer: await png(200, 150),
      });
      const preview = dialog.getByRole('list', { name: 'Attached images' }).locator('img').first();
      await loaded(preview);
      expect(await preview.getAttribute('src')).toMatch(/^blob:/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The search dropdown.
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await sidebar.getByRole('combobox', { name: 'Search Wave' }).fill(ada.username);
      await sidebar.getByRole('listbox', { name: 'Search results' }).waitFor();

      await visit(page, `/tweet/${tweetId}`, card('Orbital mechanics, a primer'));
      await visit(page, `/profile/${ada.username}`, heading(ada.displayName));
      await visit(page, '/profile', heading(bob.displayName));
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByRole('form', { name: 'Edit profile' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('form', { name: 'Edit profile' }).waitFor({ state: 'detached' });

      await visit(page, '/communities', heading('Policy Makers'));
      await visit(page, `/community/${community.id}`, heading('Policy Makers', 1));
      // The other form of a community's link lands on the same page.
      await visit(page, `/communities/${community.id}`, heading('Policy Makers', 1));
      await visit(
        page,
        `/community/${community.id}/post/${communityPost.id}`,
        card('Welcome to the policy makers'),
      );
      await visit(page, '/explore', heading('Explore'));
      for (const title of ['Notifications', 'Messages', 'Bookmarks']) {
        await visit(page, `/${title.toLowerCase()}`, heading(title, 1));
      }
      expect(violations).toEqual([]);
      await context.close();

      // A community's management screen, as its owner.
      const owner = await opened(ada);
      await visit(owner.page, `/community/${community.id}/manage`, heading('Manage Policy Makers'));
      await owner.page.getByRole('tab', { name: 'Settings' }).click();
      await owner.page.getByRole('textbox', { name: 'Rules' }).waitFor();

      // Personal analytics with something to draw (bob follows ada and likes her post), each
      // tab's charts (SVG with inline styles), then the SEO dashboard.
      expect((await bob.api.post(`/api/tweets/${tweetId}/like`)).status).toBe(200);
      await eventually(
        async () =>
          (await ada.api.get<UserAnalyticsResponse>(`/api/analytics/user/${ada.id}/30d`)).body,
        ({ overview }) => overview.totalLikes >= 1 && overview.totalFollowers >= 1,
      );
      await visit(owner.page, '/analytics', heading('Analytics', 1));
      await owner.page.getByRole('tab', { name: 'Top Posts' }).waitFor();
      for (const tab of ['Trends', 'Audience']) {
        await owner.page.getByRole('tab', { name: tab }).click();
        await owner.page
          .getByRole('tabpanel', { name: tab })
          .locator('[data-testid="chart"] svg')
          .first()
          .waitFor();
      }
      await visit(owner.page, '/seo-dashboard', heading('SEO Dashboard', 1));
      await owner.page.getByText('Auto-SEO Active').waitFor();
      expect(violations).toEqual([]);
      await owner.context.close();
    },
    TOUR_MS,
  );

  it(
    'loads the emoji picker when it is opened, and picks a searched emoji into the text, with no violation',
    async () => {
      const { context, page } = await opened(bob);
      await visit(page, '/', heading('Home'));
      /** Whether the page has fetched the picker's chunk (emoji-picker-react and its data). */
      const pickerLoaded = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/assets\/emoji-picker-panel-[\w-]+\.js$/.test(entry.name)),
        );
      const isFocused = (locator: Locator) =>
        locator.evaluate((element) => element === document.activeElement);
      expect(await pickerLoaded()).toBe(false);

      // The home composer: the emoji goes in at the caret, after "Surf".
      const composer = page.getByRole('form', { name: 'Create a post' });
      const text = composer.getByLabel('What is happening?!');
      await text.fill('Surf is up');
      await text.evaluate((field) => (field as HTMLTextAreaElement).setSelectionRange(4, 4));
      const button = composer.getByRole('button', { name: 'Add emoji' });
      await button.click();
      const picker = page.getByRole('dialog', { name: 'Add emoji' });
      const search = picker.getByRole('textbox', { name: 'Type to search for an emoji' });
      await search.waitFor();
      expect(await pickerLoaded()).toBe(true);
      expect(await picker.locator('[data-epr-part="root"]').boundingBox()).toMatchObject({
        width: 300,
        height: 400,
      });
      expect(await isFocused(search)).toBe(true);
      // Nothing in it stops someone using it (axe: WCAG 2.1 A and AA, serious or critical).
      expect(await blockingViolations(page)).toEqual([]);
      await search.pressSequentially('water wave');
      await picker.getByRole('gridcell', { name: 'water wave' }).click();
      await picker.waitFor({ state: 'detached' });
      expect(await text.inputValue()).toBe('Surf🌊 is up');
      expect(await isFocused(text)).toBe(true);

      // Escape closes it and gives focus back to its button.
      await button.click();
      await search.waitFor();
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      expect(await isFocused(button)).toBe(true);

      // The modal composer's picker (300 by 350): Enter in the search box picks the first match;
      // Escape then closes the picker, not the dialog.
      await page
        .getByRole('navigation', { name: 'Main' })
        .locator('..')
        .getByRole('button', { name: 'Post' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Create post' });
      await dialog.getByRole('textbox').fill('Sunny ');
      await dialog.getByRole('button', { name: 'Add emoji' }).click();
      await search.waitFor();
      expect(await picker.locator('[data-epr-part="root"]').boundingBox()).toMatchObject({
        width: 300,
        height: 350,
      });
      // The wheel scrolls its emoji inside the modal dialog, whose scroll lock spares it.
      await picker.locator('[data-epr-part="viewport"]').hover();
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(
        () => (document.querySelector('[data-epr-part="viewport"]')?.scrollTop ?? 0) > 0,
      );
      await search.pressSequentially('sun with face');
      await picker.getByRole('gridcell', { name: 'sun with face' }).waitFor();
      await page.keyboard.press('Enter');
      await picker.waitFor({ state: 'detached' });
      expect(await dialog.getByRole('textbox').inputValue()).toBe('Sunny 🌞');
      await dialog.getByRole('button', { name: 'Add emoji' }).click();
      await search.waitFor();
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);

      expect(violations).toEqual([]);
      await context.close();
    },
    TOUR_MS,
  );

  it('installs the service worker under the policy, which then serves the pages with it', async () => {
    const { context, page } = await opened();
    await visit(page, '/', landing);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await visit(page, '/about', heading(/About/, 1));
    await context.setOffline(false);
    expect(violations).toEqual([]);
    await context.close();
  });
});
