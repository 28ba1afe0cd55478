import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type {
  CommunityCommentResponse,
  CommunityDetailResponse,
  CommunityPostResponse,
  Page as ListPage,
} from '@wave/contracts';
import type { ServiceProcess } from '@wave/testing';
import sharp from 'sharp';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import { expect as expectPage } from './support/expect-page';
import { blockingViolations, overflow } from './support/quality';
import type { Member } from './support/member';
import { registerMember } from './support/member';

/** A real PNG of this size (media decodes what it stores), in a colour of its own. */
const png = (width: number, height: number, red = 200): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** The card of the post that shows this text. */
const postCard = (page: Page, text: string): Locator =>
  page.locator('article').filter({ hasText: text }).first();

/** The toast with this title; closed so it does not cover the page for 5 s. */
async function dismissToast(page: Page, text: string): Promise<void> {
  await expectPage.text(page, text);
  const toast = page.locator('li[data-state="open"]').filter({ hasText: text });
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
}

describe('the web client in Chromium: communities', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;
  let owner: Member;
  let orbital: CommunityDetailResponse;
  let ownerPost: CommunityPostResponse;

  const register = (prefix: string): Promise<Member> => registerMember(stack.gateway.url, prefix);

  /**
   * A browser profile signed in as the member, with the clipboard allowed and
   * without the Web Share API, so sharing copies the link (as on a desktop).
   */
  async function signedIn(
    member: Member,
    width?: number,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, web.url, { width });
    await opened.context.addCookies([
      { name: 'wave_session', value: member.api.sessionCookie ?? '', url: web.url },
    ]);
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: web.url,
    });
    await opened.context.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    });
    return opened;
  }

  const detailOf = async (member: Member, id: string) =>
    (await member.api.get<CommunityDetailResponse>(`/api/communities/${id}`)).body;

  beforeAll(async () => {
    stack = await startStack('browser_communities');
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();
    owner = await register('c_owner');
    const created = await owner.api.post<CommunityDetailResponse>('/api/communities', {
      name: 'Orbital Mechanics',
      description: 'Trajectories, launch windows and the mathematics of getting there',
      category: 'Science',
      rules: ['Show your working', 'Cite your sources'],
    });
    expect(created.status).toBe(201);
    orbital = created.body;
    await owner.api.post('/api/communities', {
      name: 'Sourdough Lab',
      description: 'Starters, hydration and crumb shots',
      category: 'Cooking',
    });
    ownerPost = (
      await owner.api.post<CommunityPostResponse>(`/api/communities/${orbital.id}/posts`, {
        content: 'Launch window opens on Friday',
      })
    ).body;
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  it('discovers a community, joins it, posts, likes, comments, shares and leaves', async () => {
    const grace = await register('c_grace');
    const { context, page } = await signedIn(grace);
    await page.goto('/communities');
    await page.getByRole('heading', { name: 'Sourdough Lab' }).waitFor();

    await page
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: 'Science' })
      .click();
    await page.getByRole('heading', { name: 'Sourdough Lab' }).waitFor({ state: 'detached' });
    await page.getByLabel('Search communities').fill('LAUNCH WINDOWS');
    await page.getByRole('heading', { name: 'Orbital Mechanics' }).waitFor();
    await page.getByRole('link', { name: 'Orbital Mechanics' }).first().click();
    await page.waitForURL(`**/community/${orbital.id}`);

    await page.getByRole('heading', { level: 1, name: 'Orbital Mechanics' }).waitFor();
    await expectPage.text(page, 'Show your working');
    expect(await page.getByLabel('Public community').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Share something with Orbital Mechanics').count()).toBe(0);
    // One theme toggle: the shell's, beside the sidebar (the header's shows only on phones).
    expect(await page.getByRole('button', { name: 'Theme' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectPage.text(page, "You're now a member of Orbital Mechanics!");
    await dismissToast(page, 'Joined community');
    await page.getByRole('button', { name: 'Leave', exact: true }).waitFor();
    expect((await detailOf(grace, orbital.id)).memberCount).toBe(2);

    const composer = page.getByLabel('Share something with Orbital Mechanics');
    await composer.fill('  Bringing the slide rule  ');
    await page
      .getByRole('form', { name: 'Post in Orbital Mechanics' })
      .getByRole('button', { name: 'Post', exact: true })
      .click();
    await expectPage.text(page, 'Your post has been shared with the community.');
    await dismissToast(page, 'Post created');
    await postCard(page, 'Bringing the slide rule').waitFor();
    expect(await composer.inputValue()).toBe('');

    const owners = postCard(page, 'Launch window opens on Friday');
    const like = owners.getByRole('button', { name: 'Like' });
    await like.click();
    await owners.locator('button[aria-label="Like"][aria-pressed="true"]').waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');

    await owners.getByRole('button', { name: 'Comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a comment' });
    await dialog.getByText('Share your thoughts on this post.').waitFor();
    await dialog.getByLabel('Your comment').fill('Count me in');
    await dialog.getByRole('button', { name: 'Post Comment' }).click();
    await dismissToast(page, 'Comment added');
    await dialog.waitFor({ state: 'detached' });

    // The share is counted after the link is copied: wait for its answer before leaving the page.
    const shareCounted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/posts/${ownerPost.id}/share`,
    );
    await owners.getByRole('button', { name: 'Share' }).click();
    await dismissToast(page, 'Link copied');
    expect((await shareCounted).status()).toBe(200);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${web.url}/community/${orbital.id}/post/${ownerPost.id}`);

    // The shared link opens the post with its comments.
    await page.goto(copied);
    await page.getByRole('link', { name: 'Back to Orbital Mechanics' }).waitFor();
    await postCard(page, 'Launch window opens on Friday').waitFor();
    await page.getByRole('region', { name: 'Comments' }).getByText('Count me in').waitFor();
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('See you at the pad');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await dismissToast(page, 'Comment added');
    await page.getByRole('region', { name: 'Comments' }).getByText('See you at the pad').waitFor();

    const seen = (await grace.api.get<CommunityPostResponse>(`/api/posts/${ownerPost.id}`)).body;
    expect(seen).toMatchObject({ isLiked: true, likesCount: 1, commentsCount: 2, sharesCount: 1 });
    const comments = await owner.api.get<ListPage<CommunityCommentResponse>>(
      `/api/posts/${ownerPost.id}/comments`,
    );
    expect(comments.body.items.map((comment) => comment.content)).toEqual([
      'Count me in',
      'See you at the pad',
    ]);

    await page.goto('/communities');
    await page.getByRole('tab', { name: 'My Communities' }).click();
    await page.getByRole('heading', { name: 'Orbital Mechanics' }).waitFor();
    await page.getByRole('button', { name: 'Leave Orbital Mechanics' }).click();
    await dismissToast(page, 'Left community');
    await expectPage.text(page, 'You have not joined any communities yet');
    expect((await detailOf(grace, orbital.id)).memberCount).toBe(1);
    await context.close();
  });

  it('posts two images from the community composer: uploaded, shown in the feed and stored', async () => {
    const vera = await register('c_vera');
    expect((await vera.api.post(`/api/communities/${orbital.id}/join`)).status).toBe(200);
    const { context, page } = await signedIn(vera);
    await page.goto(`/community/${orbital.id}`);
    const form = page.getByRole('form', { name: 'Post in Orbital Mechanics' });

    await form.getByTestId('community-image-input').setInputFiles([
      { name: 'perigee.png', mimeType: 'image/png', buffer: await png(320, 200, 40) },
      { name: 'apogee.png', mimeType: 'image/png', buffer: await png(200, 320, 240) },
    ]);
    const previews = form.getByRole('list', { name: 'Attached images' }).getByRole('listitem');
    await previews.nth(1).waitFor();
    expect(await previews.count()).toBe(2);
    expect(await blockingViolations(page)).toEqual([]);
    await form.getByLabel('Share something with Orbital Mechanics').fill('Two orbits, two plots');
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await dismissToast(page, 'Post created');
    await form.getByRole('list', { name: 'Attached images' }).waitFor({ state: 'detached' });

    const shown = postCard(page, 'Two orbits, two plots').locator('img[src*="/objects/"]');
    await shown.nth(1).waitFor();
    expect(await shown.count()).toBe(2);
    // The feed's images are served: each answers with image bytes.
    const sources = await shown.evaluateAll((images) =>
      images.map((image) => (image as HTMLImageElement).src),
    );
    for (const source of sources) {
      const served = await page.request.get(source);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toMatch(/^image\//);
    }

    const stored = (await detailOf(vera, orbital.id)).posts.find(
      (post) => post.content === 'Two orbits, two plots',
    );
    expect(stored?.mediaUrls).toHaveLength(2);
    expect(stored?.mediaUrls.every((url) => url.startsWith('/objects/'))).toBe(true);
    expect(new Set(stored?.mediaUrls).size).toBe(2);
    await context.close();
  });

  it('lets the author delete a post, offers it to no one else, and rolls back a failed join', async () => {
    const katherine = await register('c_kat');
    await katherine.api.post(`/api/communities/${orbital.id}/join`);
    await katherine.api.post(`/api/communities/${orbital.id}/posts`, {
      content: 'Re-entry checked',
    });
    const { context, page } = await signedIn(katherine);
    await page.goto(`/community/${orbital.id}`);

    const ownersPost = postCard(page, 'Launch window opens on Friday');
    await ownersPost.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Copy Text' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete Post' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const mine = postCard(page, 'Re-entry checked');
    await mine.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Post' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await dismissToast(page, 'Post deleted');
    await mine.waitFor({ state: 'detached' });
    const posts = (await detailOf(katherine, orbital.id)).posts.map((post) => post.content);
    expect(posts).not.toContain('Re-entry checked');

    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await dismissToast(page, 'Left community');
    await page.route('**/api/communities/*/join', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      }),
    );
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectPage.text(page, 'Failed to join');
    await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
    expect((await detailOf(katherine, orbital.id)).isMember).toBe(false);
    await context.close();
  });

  it('asks to join a private community and withdraws; the owner approves, promotes and edits in the management screen', async () => {
    const secret = (
      await owner.api.post<CommunityDetailResponse>('/api/communities', {
        name: 'Mission Control',
        category: 'Science',
        isPrivate: true,
      })
    ).body;
    await owner.api.post(`/api/communities/${secret.id}/posts`, { content: 'Countdown at noon' });
    const alan = await register('c_alan');
    const { context, page } = await signedIn(alan);
    await page.goto(`/community/${secret.id}`);
    await expectPage.text(page, 'This community is private');
    expect(await page.getByText('Countdown at noon').count()).toBe(0);

    await page.getByRole('button', { name: 'Request to join', exact: true }).click();
    await expectPage.text(page, 'An owner or moderator will review your request.');
    await dismissToast(page, 'Request sent');
    await page.getByRole('button', { name: 'Requested, cancel join request' }).click();
    await dismissToast(page, 'Request withdrawn');
    await page.getByRole('button', { name: 'Request to join', exact: true }).click();
    await dismissToast(page, 'Request sent');

    // The owner approves the request, makes the new member a moderator and edits the rules.
    const manager = await signedIn(owner);
    await manager.page.goto(`/community/${secret.id}`);
    await manager.page.getByRole('link', { name: 'Manage community' }).click();
    await manager.page.getByRole('heading', { name: 'Manage Mission Control' }).waitFor();
    await manager.page.getByRole('tab', { name: 'Requests' }).click();
    await manager.page.getByRole('button', { name: `Approve ${alan.displayName}` }).click();
    await dismissToast(manager.page, 'Request approved');
    await manager.page.getByRole('tab', { name: 'Members' }).click();
    await manager.page
      .getByRole('combobox', { name: `Role for ${alan.displayName}` })
      .selectOption('moderator');
    await dismissToast(manager.page, 'Role updated');
    await manager.page.getByRole('tab', { name: 'Settings' }).click();
    await manager.page.getByRole('textbox', { name: 'Rules' }).fill('Quiet on the loop');
    await manager.page.getByRole('button', { name: 'Save changes' }).click();
    await dismissToast(manager.page, 'Community updated');
    expect(await blockingViolations(manager.page)).toEqual([]);
    await manager.context.close();
    const members = await owner.api.get<ListPage<{ user: { id: string }; role: string }>>(
      `/api/communities/${secret.id}/members`,
    );
    expect(members.body.items.map((member) => [member.user.id, member.role])).toEqual([
      [owner.id, 'owner'],
      [alan.id, 'moderator'],
    ]);

    await page.reload();
    await expectPage.text(page, 'Quiet on the loop');
    await postCard(page, 'Countdown at noon').waitFor();
    await page.getByRole('button', { name: 'Leave', exact: true }).waitFor();
    await context.close();
  });

  it("says 'Community not found', passes axe and fits a 360 px phone", async () => {
    const margaret = await register('c_margaret');
    const { context, page } = await signedIn(margaret, 360);
    await page.goto('/community/0190b1de-1111-7000-8000-000000000001');
    await expectPage.text(page, 'Community not found');
    await page.getByRole('link', { name: 'Back to Communities', exact: true }).click();
    await page.waitForURL('**/communities');
    await page.getByRole('heading', { name: 'Orbital Mechanics' }).waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`/community/${orbital.id}`);
    await postCard(page, 'Launch window opens on Friday').waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();

    const phone = await signedIn(owner, 360);
    await phone.page.goto(`/community/${orbital.id}/manage`);
    await phone.page.getByRole('heading', { name: 'Manage Orbital Mechanics' }).waitFor();
    await phone.page.getByRole('list', { name: 'Members' }).waitFor();
    expect(await blockingViolations(phone.page)).toEqual([]);
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});
