import type { Page } from 'playwright-core';

/** Waits (up to 10 s) until the page shows the text somewhere. */
async function text(page: Page, value: string, timeout = 10_000): Promise<void> {
  await page.getByText(value, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

export const expect = { text };
