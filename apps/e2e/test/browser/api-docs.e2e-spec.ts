import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ServiceProcess, TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace, freePort, serviceProcess } from '@wave/testing';
import { launchChromium, newPage } from '../support/browser';
import { INTERNAL_SECRET_FOR_TESTS } from '../support/stack';

const GATEWAY_BUNDLE = join(__dirname, '../../../../dist/apps/gateway/main.js');

/**
 * The API documentation's page (Swagger UI, served by the gateway under a policy of its own) in
 * Chromium: it shows the operations, opens one, and the policy blocks nothing. The page needs
 * the gateway alone; the services behind it are not started.
 */
describe('the API documentation in Chromium', () => {
  let redis: TestRedisNamespace;
  let gateway: ServiceProcess;
  let browser: Browser;
  let page: Page;
  /** Everything the policy blocked, and every error the page wrote. */
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(GATEWAY_BUNDLE)) {
      throw new Error(`${GATEWAY_BUNDLE} is missing: build first (nx run gateway:build)`);
    }
    redis = createTestRedisNamespace('e2e-api-docs');
    const port = await freePort();
    gateway = serviceProcess({
      name: 'gateway',
      bundle: GATEWAY_BUNDLE,
      cwd: join(__dirname, '../../../..'),
      port,
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: redis.keyPrefix,
        INTERNAL_AUTH_SECRET: INTERNAL_SECRET_FOR_TESTS,
      },
    });
    await gateway.start();
    browser = await launchChromium();
    ({ page } = await newPage(browser, gateway.url));
    page.on('console', (message) => {
      if (message.type() === 'error' || /content security policy/i.test(message.text())) {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`,
        );
      });
    });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await redis?.cleanup();
  });

  it('lists the operations by service, opens one with its body schema, and the policy blocks nothing', async () => {
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.getByRole('heading', { name: /Wave API/ }).waitFor();
    const createTweet = page.locator('#operations-timeline-createTweet');
    await createTweet.waitFor();
    expect(await createTweet.innerText()).toMatch(/POST\s*\/api\/tweets/);
    await expect(page.locator('.opblock-tag-section').count()).resolves.toBeGreaterThanOrEqual(8);

    // Opened (its summary is a button): the contract's body, from the zod schema.
    await createTweet.locator('.opblock-summary-control').click();
    await createTweet.getByText('imageUrls', { exact: false }).first().waitFor();

    expect(problems).toEqual([]);
  });
});
