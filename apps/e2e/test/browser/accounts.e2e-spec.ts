import type { Browser } from 'playwright-core';
import { expect as expectPage } from './support/expect-page';
import { newAccount } from '../support/api-client';
import { launchChromium, newPage } from '../support/browser';
import type { ServiceProcess } from '@wave/testing';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';

describe('the web client in Chromium: accounts, shell, theme', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack('browser_accounts');
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  it('shows a visitor the landing page, then signs up, out and in again', async () => {
    const { context, page } = await newPage(browser, web.url);
    const account = newAccount('browser');
    await page.goto('/');
    await expectPage.text(page, 'A social platform for authentic connections');
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    await page.getByRole('link', { name: 'Join now' }).click();
    await page.waitForURL('**/auth?tab=signup');
    // Join now opens the Sign Up tab, and the heading says so.
    await page.getByRole('heading', { name: 'Join Wave' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByLabel('Display name').fill(account.displayName);
    await page.getByLabel('Username').fill(account.username);
    await page.locator('#signupEmail').fill(account.email);
    await page.locator('#signupPassword').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectPage.text(page, 'Welcome to Wave!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Home' }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/auth');
    await expectPage.text(page, "You've been successfully logged out.");
    await page.getByRole('heading', { name: 'Sign in to Wave' }).waitFor();

    await page.locator('#email').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPage.text(page, 'Welcome back!');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('refuses a short password in the form and a common one from identity, under the field', async () => {
    const { context, page } = await newPage(browser, web.url);
    const account = newAccount('weak');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Display name').fill(account.displayName);
    await page.getByLabel('Username').fill(account.username);
    await page.locator('#signupEmail').fill(account.email);
    const password = page.locator('#signupPassword');
    expect(await password.getAttribute('placeholder')).toBe('Password (min 8 characters)');
    const under = page.locator('#signupPassword-error');

    await password.fill('k7#qW2!');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await under.getByText('Password must be at least 8 characters').waitFor();

    await password.fill('Password123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await under.getByText('Password is too common; choose one that is harder to guess').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // Still on the sign-up form: nothing was created.
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('signup');
    await context.close();
  });

  it('shows the server message when a sign-in fails', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto('/auth');
    await page.locator('#email').fill('nobody@example.test');
    await page.locator('#password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPage.text(page, 'Login failed');
    await expectPage.text(page, 'Invalid email or password');
    await context.close();
  });

  it('answers an unknown path with the Page Not Found page', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });

  it('keeps the chosen theme across visits, dark by default', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    expect(await page.evaluate(() => localStorage.getItem('wave-theme'))).toBe('light');
    await context.close();
  });

  it("follows the operating system's colour scheme on System", async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await dark()).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    expect(await dark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('wave-theme'))).toBe('system');
    await context.close();
  });

  it('is installable: a manifest with its icons, and a service worker at /sw.js', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto('/');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Wave', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${web.url}/`);
    await context.close();
  });
});
