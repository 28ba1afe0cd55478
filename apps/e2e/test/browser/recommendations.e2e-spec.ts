import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Recommendation, UserResponse } from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import { eventually } from '@wave/testing';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import type { Member } from './support/member';
import { registerMember } from './support/member';
import { allViolations } from './support/quality';

const STACK_START_MS = 120_000;
/** Longer than the widget's 50 characters: its title is cut. */
const LONG_POST = 'Parsing expression grammars make hand-written parsers pleasant again #compilers';

describe('the web client in Chromium: recommendations, Who to follow and the new member home', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  /** Follows Grace and Alan, who both follow Ada: Ada is suggested to them. */
  let reader: Member;
  let grace: Member;
  let ada: Member;
  /** Follows nobody. */
  let newcomer: Member;
  let postId: string;

  const follow = async (from: Member, to: Member) =>
    expect((await from.api.post(`/api/users/${to.id}/follow`)).status).toBe(200);

  beforeAll(async () => {
    stack = await startStack('browser_recommendations');
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();
    reader = await registerMember(stack.gateway.url, 'r_reader');
    grace = await registerMember(stack.gateway.url, 'r_grace', 'Grace Hopper');
    const alan = await registerMember(stack.gateway.url, 'r_alan', 'Alan Turing');
    ada = await registerMember(stack.gateway.url, 'r_ada', 'Ada Lovelace');
    newcomer = await registerMember(stack.gateway.url, 'r_new');
    const others = await Promise.all(
      ['r_barbara', 'r_edsger', 'r_donald', 'r_margaret'].map((prefix) =>
        registerMember(stack.gateway.url, prefix),
      ),
    );
    await follow(reader, grace);
    await follow(reader, alan);
    await follow(grace, ada);
    await follow(alan, ada);
    for (const other of others) await follow(other, grace);
    const post = await ada.api.post<{ id: string }>('/api/tweets', { content: LONG_POST });
    expect(post.status).toBe(201);
    postId = post.body.id;
    for (const other of others) {
      expect((await other.api.post(`/api/tweets/${postId}/like`)).status).toBe(200);
    }
    const community = await grace.api.post('/api/communities', {
      name: 'Compiler Fans',
      category: 'Technology',
    });
    expect(community.status).toBe(201);
    // The events reach recommendations within moments; the screens are checked once they have.
    await eventually(
      async () =>
        (await reader.api.get<Recommendation[]>('/api/ai/recommendations?maxRecommendations=20'))
          .body,
      (items) =>
        items.some((item) => item.contentId === ada.id && item.reason.includes('1 other')) &&
        items.some((item) => item.contentId === postId),
      { what: 'Ada and her post suggested to the reader' },
    );
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  async function signedIn(member: Member): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, web.url);
    await opened.context.addCookies([
      { name: 'wave_session', value: member.api.sessionCookie ?? '', url: web.url },
    ]);
    return opened;
  }

  const widgetOf = (page: Page) => page.getByRole('region', { name: 'AI Recommendations' });

  it('shows five recommendations with their reasons, post titles cut at 50 characters', async () => {
    const { context, page } = await signedIn(reader);
    await page.goto('/');
    const widget = widgetOf(page);
    const items = widget.getByRole('listitem');
    await items.first().waitFor();
    expect(await items.count()).toBeLessThanOrEqual(5);
    await widget.getByText(`@${ada.username}`).waitFor();
    await widget.getByText(/^Followed by @r_(grace|alan)\S* and 1 other you follow$/).waitFor();
    const cut = `${Array.from(LONG_POST).slice(0, 50).join('').trimEnd()}…`;
    await widget.getByText(cut, { exact: true }).waitFor();
    expect(await allViolations(page)).toEqual([]);
    await context.close();
  });

  it('hides a dismissed item at once, tells the server, and never shows it again', async () => {
    const { context, page } = await signedIn(reader);
    await page.goto('/');
    const widget = widgetOf(page);
    const dismiss = widget.getByRole('button', { name: `Dismiss @${ada.username}` });
    await dismiss.waitFor();
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/ai/feedback') && request.method() === 'POST',
    );
    await dismiss.click();
    await widget.getByText(`@${ada.username}`).waitFor({ state: 'detached' });
    expect((await sent).postDataJSON()).toEqual({
      action: 'dismiss',
      contentId: ada.id,
      contentType: 'user',
    });

    // 'Get More Recommendations' asks the server again; Ada does not come back, nor after a reload.
    const again = page.waitForResponse((response) =>
      response.url().includes('/api/ai/recommendations?maxRecommendations=5'),
    );
    await widget.getByRole('button', { name: 'Get More Recommendations' }).click();
    expect((await again).status()).toBe(200);
    await page.reload();
    await widget.getByRole('listitem').first().waitFor();
    expect(await widget.getByText(`@${ada.username}`).count()).toBe(0);
    await context.close();
  });

  it('sends a click with its score and opens the item', async () => {
    const { context, page } = await signedIn(reader);
    await page.goto('/');
    const widget = widgetOf(page);
    const postLink = widget.getByRole('link', { name: /Parsing expression grammars/ });
    await postLink.waitFor();
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/ai/feedback') && request.method() === 'POST',
    );
    await postLink.click();
    const body = (await sent).postDataJSON() as { action: string; score: number };
    expect(body).toMatchObject({ action: 'click', contentId: postId, contentType: 'post' });
    expect(body.score).toBeGreaterThan(0);
    expect(body.score).toBeLessThan(1);
    await page.waitForURL(`**/tweet/${postId}`);
    await context.close();
  });

  it("follows from 'Who to follow' at once, and shows more with 'Show more'", async () => {
    const { context, page } = await signedIn(reader);
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Who to follow' });
    const people = panel.getByRole('listitem');
    await people.first().waitFor();
    expect(await people.count()).toBe(3);
    await panel.getByRole('button', { name: 'Show more' }).click();
    await eventually(
      () => people.count(),
      (count) => count > 3,
      { what: 'more people after Show more' },
    );

    const first = people.first();
    const button = first.getByRole('button', { name: /^Follow / });
    const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Follow /, '');
    await button.click();
    await first.getByRole('button', { name: `Following ${name}` }).waitFor();
    const me = await eventually(
      async () => (await reader.api.get<UserResponse>('/api/user')).body,
      (user) => user.followingCount === 3,
      { what: 'the follow kept by the server' },
    );
    expect(me.followingCount).toBe(3);
    expect(await allViolations(page)).toEqual([]);
    await context.close();
  });

  it('welcomes a member who follows nobody with people to follow and popular posts', async () => {
    const { context, page } = await signedIn(newcomer);
    await page.goto('/');
    const welcome = page.getByRole('region', { name: 'Welcome to Wave' });
    await welcome.waitFor();
    const popular = page.getByRole('region', { name: 'Popular on Wave' });
    await popular.getByRole('article').filter({ hasText: 'Parsing expression grammars' }).waitFor();
    expect(await page.getByText('No posts to show').count()).toBe(0);
    expect(await allViolations(page)).toEqual([]);

    // One click follows Grace; the welcome stays for this visit, and is gone on the next.
    await welcome.getByRole('button', { name: 'Follow Grace Hopper' }).click();
    await welcome.getByRole('button', { name: 'Following Grace Hopper' }).waitFor();
    await eventually(
      async () => (await newcomer.api.get<UserResponse>('/api/user')).body,
      (user) => user.followingCount === 1,
      { what: "the newcomer's follow" },
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'What is happening?!' }).waitFor();
    expect(await page.getByRole('region', { name: 'Welcome to Wave' }).count()).toBe(0);
    await context.close();
  });

  it('shows visitors neither the recommendations nor Who to follow', async () => {
    const { context, page } = await newPage(browser, web.url);
    await page.goto(`/tweet/${postId}`);
    await page.getByRole('article').first().waitFor();
    expect(await widgetOf(page).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Who to follow' }).count()).toBe(0);
    await context.close();
  });
});
