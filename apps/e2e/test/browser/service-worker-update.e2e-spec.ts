import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServiceProcess } from '@wave/testing';
import { freePort, serviceProcess } from '@wave/testing';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack } from '../support/stack';
import { expect as expectPage } from './support/expect-page';
import type { Member } from './support/member';
import { registerMember } from './support/member';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');
const WEB_CONFIG = 'apps/web/vite.config.ts';

/** Two builds of the client (about 10 s each alone) beside the whole stack's start. */
const SET_UP_MS = 240_000;
/**
 * From the update check to the page on the new build (the worker installs, precaching the whole
 * build, then activates): a few seconds alone, but a CI run once needed over 30 s for it beside
 * another stack and Chromium.
 */
const UPDATE_MS = 60_000;

/**
 * A real release of the web client: `vite build` of the current sources into its own folder,
 * named by WAVE_BUILD_ID (index.html carries it, so its precache revision, hence sw.js, differ).
 */
async function buildClient(outDir: string, buildId: string): Promise<void> {
  await run(
    process.execPath,
    [VITE, 'build', '--config', WEB_CONFIG, '--outDir', outDir, '--logLevel', 'warn'],
    // Jest's NODE_ENV=test would make a development build, which registers no worker.
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', WAVE_BUILD_ID: buildId } },
  );
}

/** The build the page runs (vite-plugins/build-id.plugin.ts). */
const buildOf = (page: Page) =>
  page.evaluate(
    () => document.querySelector('meta[name="wave-build"]')?.getAttribute('content') ?? null,
  );

/**
 * After a release the browser finds a new /sw.js; the app applies it by itself and the page
 * reloads onto it, unless the member is writing: then it waits until the text is sent or
 * cleared (src/app/pwa/service-worker.tsx).
 */
describe('the web client in Chromium: updates of the service worker', () => {
  const first = { dir: '', id: `e2e-first-${process.pid}` };
  const second = { dir: '', id: `e2e-second-${process.pid}` };
  let stack: Stack;
  let port: number;
  let web: ServiceProcess | null = null;
  let browser: Browser;
  let member: Member;

  /** One origin, one release at a time: a deploy replaces the server's files. */
  async function serve(build: { dir: string }): Promise<void> {
    await web?.stop();
    web = serviceProcess({
      name: 'web',
      bundle: VITE,
      args: ['preview', '--config', WEB_CONFIG, '--outDir', build.dir, '--port', String(port)],
      cwd: ROOT,
      port,
      env: { GATEWAY_URL: stack.gateway.url },
      healthPath: '/',
    });
    await web.start();
  }

  beforeAll(async () => {
    first.dir = mkdtempSync(join(tmpdir(), 'wave-web-first-'));
    second.dir = mkdtempSync(join(tmpdir(), 'wave-web-second-'));
    const builds = (async () => {
      await buildClient(first.dir, first.id);
      await buildClient(second.dir, second.id);
    })();
    [stack] = await Promise.all([startStack('browser_sw_update'), builds]);
    port = await freePort();
    browser = await launchChromium();
    member = await registerMember(stack.gateway.url, 'b_sw');
  }, SET_UP_MS);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
    for (const build of [first, second]) {
      if (build.dir) rmSync(build.dir, { recursive: true, force: true });
    }
  });

  /**
   * The member's home page under the first release's worker: the first visit installs it, a
   * reload puts the page under its control. Then the second release replaces the first.
   */
  async function homeUnderFirstWorker(): Promise<{ context: BrowserContext; page: Page }> {
    await serve(first);
    const url = `http://127.0.0.1:${port}`;
    const opened = await newPage(browser, url);
    await opened.context.addCookies([
      { name: 'wave_session', value: member.api.sessionCookie ?? '', url },
    ]);
    const { page } = opened;
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByLabel('What is happening?!').waitFor();
    expect(await buildOf(page)).toBe(first.id);

    await serve(second);
    // Gone with the document: still there means the page never reloaded.
    await page.evaluate(() => Object.assign(window, { waveBeforeUpdate: true }));
    return opened;
  }

  /**
   * Asks for the app's own update check (it checks on focus, as on its timers) once a second
   * until `outcome` settles. The app listens for focus only once it has registered its worker,
   * which it does in an idle moment after the load event: a single focus sent earlier is lost.
   */
  async function checkForUpdateUntil<T>(page: Page, outcome: Promise<T>): Promise<T> {
    let settled = false;
    const watched = outcome.finally(() => (settled = true));
    while (!settled) {
      // The page may be navigating onto the new release: that focus is not needed any more.
      await page
        .evaluate(() => window.dispatchEvent(new FocusEvent('focus')))
        .catch(() => undefined);
      await Promise.race([watched, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    }
    return watched;
  }

  const stillTheSameDocument = (page: Page) => page.evaluate(() => 'waveBeforeUpdate' in window);

  it('reloads by itself onto the new release, once', async () => {
    const { context, page } = await homeUnderFirstWorker();
    let loads = 0;
    page.on('load', () => (loads += 1));
    const reloaded = page.waitForEvent('load', { timeout: UPDATE_MS });

    await checkForUpdateUntil(page, reloaded);
    await page.waitForFunction((id) => {
      const meta = document.querySelector('meta[name="wave-build"]');
      return meta?.getAttribute('content') === id && navigator.serviceWorker.controller !== null;
    }, second.id);
    expect(await stillTheSameDocument(page)).toBe(false);
    // The new worker serves the page and nothing waits any more.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { active: registration?.active?.state, waiting: registration?.waiting ?? null };
      }),
    ).toEqual({ active: 'activated', waiting: null });
    await page.getByLabel('What is happening?!').waitFor();
    expect(loads).toBe(1);
    await context.close();
  });

  it('waits while the member is writing a post, and reloads once the composer is cleared', async () => {
    const { context, page } = await homeUnderFirstWorker();
    const composer = page.getByLabel('What is happening?!');
    await composer.fill('A thought half written');

    // The new worker has installed and the app has decided to wait: it says so.
    await checkForUpdateUntil(page, expectPage.text(page, 'Update available', UPDATE_MS));
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
      ),
    ).toBe('installed');
    expect(await stillTheSameDocument(page)).toBe(true);
    expect(await buildOf(page)).toBe(first.id);
    expect(await composer.inputValue()).toBe('A thought half written');

    const reloaded = page.waitForEvent('load', { timeout: UPDATE_MS });
    await composer.fill('');
    await reloaded;
    await page.waitForFunction(
      (id) => document.querySelector('meta[name="wave-build"]')?.getAttribute('content') === id,
      second.id,
    );
    expect(await stillTheSameDocument(page)).toBe(false);
    await context.close();
  });
});
