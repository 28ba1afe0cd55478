import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's Chromium: playwright-core cannot download a browser here. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const LAUNCH_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_FLAGS, headless: true });
}

/** A fresh browser profile (cookies, storage) on the web app. */
export async function newPage(browser: Browser, baseURL: string, options: { width?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: 900 },
    serviceWorkers: 'allow',
  });
  const page: Page = await context.newPage();
  return { context, page };
}

/** The visible text of the toast region (one toast at a time). */
export const toastText = (page: Page) =>
  page.locator('[role="region"] li, [role="status"]').allInnerTexts();
