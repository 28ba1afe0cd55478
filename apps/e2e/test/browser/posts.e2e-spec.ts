import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { ServiceProcess } from '@wave/testing';
import { expect as expectPage } from './support/expect-page';
import { launchChromium, newPage } from '../support/browser';
import type { Stack } from '../support/stack';
import { startStack, startWeb } from '../support/stack';
import type { Member } from './support/member';
import { registerMember } from './support/member';

interface TweetBody {
  id: string;
  content: string;
  likesCount: number;
  retweetsCount: number;
  repliesCount: number;
  isPinned: boolean;
  imageUrls: string[];
}

/** Retries an assertion (for writes that other services apply a moment later). */
async function eventually(assertion: () => Promise<void>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const png = (width: number, height: number, red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** Closes the toast showing this text (it would otherwise cover a menu near the bottom for 5 s). */
async function closeToast(page: Page, text: string): Promise<void> {
  await expectPage.text(page, text);
  const toast = page.locator('li[data-state="open"]').filter({ hasText: text });
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
}

/** The card of the post that shows this text. */
const card = (page: Page, text: string): Locator =>
  page.locator('article').filter({ hasText: text }).first();

describe('the web client in Chromium: posts and profiles', () => {
  let stack: Stack;
  let web: ServiceProcess;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack('browser_posts');
    web = await startWeb(stack.gateway.url);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await stack?.stop();
  });

  const register = (prefix: string): Promise<Member> => registerMember(stack.gateway.url, prefix);

  /** A browser profile already signed in as the member (their session cookie on the web origin). */
  async function signedIn(member: Member): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, web.url);
    await opened.context.addCookies([
      { name: 'wave_session', value: member.api.sessionCookie ?? '', url: web.url },
    ]);
    return opened;
  }

  const tweetsOf = async (member: Member) =>
    (await member.api.get<{ items: TweetBody[] }>(`/api/users/${member.id}/tweets`)).body.items;

  it('posts text from the home composer; the post is in the feed and survives a reload', async () => {
    const ada = await register('b_ada');
    const { context, page } = await signedIn(ada);
    await page.goto('/');
    const composer = page.getByLabel('What is happening?!');
    await composer.fill('Hello from a real browser');
    await page
      .getByRole('form', { name: 'Create a post' })
      .getByRole('button', { name: 'Post' })
      .click();
    await expectPage.text(page, 'Post sent!');
    await card(page, 'Hello from a real browser').waitFor();
    expect(await composer.inputValue()).toBe('');

    await page.reload();
    await card(page, 'Hello from a real browser').waitFor();
    expect((await tweetsOf(ada)).map((tweet) => tweet.content)).toEqual([
      'Hello from a real browser',
    ]);

    // Selecting words of the post keeps the reader where they are; a click on its text opens it.
    const text = card(page, 'Hello from a real browser').getByText('Hello from a real browser');
    const box = (await text.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toContain('Hello');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await text.click();
    await page.waitForURL(`**/tweet/${(await tweetsOf(ada))[0]!.id}`);
    await page.getByRole('heading', { name: 'Post' }).waitFor();
    await context.close();
  });

  it('says at once when the device is offline, keeps the post, and sends it when back', async () => {
    const ada = await register('b_train');
    const { context, page } = await signedIn(ada);
    await page.goto('/');
    const composer = page.getByLabel('What is happening?!');
    await composer.fill('Written in a tunnel');
    await context.setOffline(true);
    const postButton = page
      .getByRole('form', { name: 'Create a post' })
      .getByRole('button', { name: 'Post' });
    await postButton.click();
    await expectPage.text(page, "You're offline");
    expect(await composer.inputValue()).toBe('Written in a tunnel');
    expect(await postButton.isEnabled()).toBe(true);
    expect(await tweetsOf(ada)).toEqual([]);

    await context.setOffline(false);
    await postButton.click();
    await expectPage.text(page, 'Post sent!');
    expect((await tweetsOf(ada)).map((tweet) => tweet.content)).toEqual(['Written in a tunnel']);
    await context.close();
  });

  it('posts an image from the home composer and one with four images from the modal', async () => {
    const ada = await register('b_img');
    const { context, page } = await signedIn(ada);
    await page.goto('/');

    await page.getByTestId('inline-image-input').setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: await png(320, 200),
    });
    await expectPage.text(page, 'Image added!');
    await page.getByLabel('What is happening?!').fill('One picture');
    await page
      .getByRole('form', { name: 'Create a post' })
      .getByRole('button', { name: 'Post' })
      .click();
    await expectPage.text(page, 'Post sent!');
    const single = card(page, 'One picture');
    await single.locator('img[src*="/objects/"]').first().waitFor();

    await page
      .getByRole('navigation', { name: 'Main' })
      .locator('..')
      .getByRole('button', { name: 'Post' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByTestId('modal-image-input').setInputFiles(
      await Promise.all(
        [0, 1, 2, 3].map(async (index) => ({
          name: `photo-${index}.png`,
          mimeType: 'image/png',
          buffer: await png(200, 150, 40 + index * 50),
        })),
      ),
    );
    await dialog
      .getByRole('list', { name: 'Attached images' })
      .getByRole('listitem')
      .nth(3)
      .waitFor();
    await dialog.getByRole('textbox').fill('Four pictures');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expectPage.text(page, 'Post sent!');
    await dialog.waitFor({ state: 'hidden' });
    await card(page, 'Four pictures').locator('img[src*="/objects/"]').nth(3).waitFor();

    const tweets = await tweetsOf(ada);
    expect(tweets.find((tweet) => tweet.content === 'One picture')?.imageUrls).toHaveLength(1);
    expect(tweets.find((tweet) => tweet.content === 'Four pictures')?.imageUrls).toHaveLength(4);
    // The images are served: every one the cards show answers with image bytes.
    const sources = await page
      .locator('article img[src*="/objects/"]')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const source of sources) {
      const served = await page.request.get(source);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toMatch(/^image\//);
    }
    await context.close();
  });

  it("likes, retweets and replies to someone else's post; the counts are stored", async () => {
    const ada = await register('b_author');
    const bob = await register('b_reader');
    const created = await ada.api.post<TweetBody>('/api/tweets', { content: 'Reply to me' });
    expect(created.status).toBe(201);
    await bob.api.post(`/api/users/${ada.id}/follow`);

    const { context, page } = await signedIn(bob);
    await page.goto(`/tweet/${created.body.id}`);
    const post = card(page, 'Reply to me');
    await post.waitFor();
    expect(await post.getByRole('button', { name: 'More options' }).count()).toBe(0);

    await post.getByRole('button', { name: 'Like' }).click();
    await post.getByRole('button', { name: 'Unlike' }).waitFor();
    await post.getByRole('button', { name: 'Retweet' }).click();
    await expectPage.text(page, 'Retweeted!');
    await post.getByRole('button', { name: 'Undo retweet' }).waitFor();

    const replyBox = page.getByRole('form', { name: `Reply to @${ada.username}` });
    await replyBox.getByLabel('Post your reply').fill('Here is my reply');
    await replyBox.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectPage.text(page, 'Reply posted!');
    await card(page, 'Here is my reply').waitFor();

    await eventually(async () => {
      const tweet = (await bob.api.get<TweetBody>(`/api/tweets/${created.body.id}`)).body;
      expect([tweet.likesCount, tweet.retweetsCount, tweet.repliesCount]).toEqual([1, 1, 1]);
    });

    await page.reload();
    await card(page, 'Reply to me').getByRole('button', { name: 'Unlike' }).waitFor();
    await context.close();
  });

  it('lets the author pin, edit and delete their post', async () => {
    const ada = await register('b_owner');
    await ada.api.post('/api/tweets', { content: 'An older post' });
    const created = await ada.api.post<TweetBody>('/api/tweets', { content: 'Fix my typo' });
    const { context, page } = await signedIn(ada);
    await page.goto('/profile');

    const menuOf = (text: string) => card(page, text).getByRole('button', { name: 'More options' });
    await menuOf('An older post').click();
    await page.getByRole('menuitem', { name: 'Pin to profile' }).click();
    await closeToast(page, 'Post pinned!');
    await eventually(async () =>
      expect((await tweetsOf(ada)).find((tweet) => tweet.isPinned)?.content).toBe('An older post'),
    );

    await menuOf('Fix my typo').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit post' }).getByRole('textbox');
    await editor.fill('Fixed my typo');
    await page.getByRole('button', { name: 'Save' }).click();
    await closeToast(page, 'Post updated!');
    await card(page, 'Fixed my typo').waitFor();
    expect((await ada.api.get<TweetBody>(`/api/tweets/${created.body.id}`)).body.content).toBe(
      'Fixed my typo',
    );

    await menuOf('Fixed my typo').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectPage.text(page, 'Post deleted!');
    await card(page, 'Fixed my typo').waitFor({ state: 'detached' });
    expect((await ada.api.get(`/api/tweets/${created.body.id}`)).status).toBe(404);
    await context.close();
  });

  it('follows from a profile, and the owner edits their profile and photo', async () => {
    const ada = await register('b_star');
    const bob = await register('b_fan');
    const { context, page } = await signedIn(bob);

    await page.goto(`/profile/${ada.username}`);
    await page.getByRole('heading', { name: ada.displayName }).first().waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await eventually(async () =>
      expect(
        (await bob.api.get<{ followersCount: number }>(`/api/users/${ada.username}`)).body
          .followersCount,
      ).toBe(1),
    );
    // The count leads to the list of followers: bob is in it.
    await page.reload();
    await page.getByRole('link', { name: '1 Follower' }).click();
    await page.waitForURL(`**/profile/${ada.username}/followers`);
    await page
      .getByRole('list', { name: `People following ${ada.displayName}` })
      .getByRole('link', { name: new RegExp(`@${bob.username}`) })
      .waitFor();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Display name').fill('Bob the Builder');
    await form.getByLabel('Bio').fill('I build things.');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Bob the Builder' }).first().waitFor();
    await expectPage.text(page, 'I build things.');

    await page.getByLabel('Profile photo file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await png(400, 400),
    });
    await expectPage.text(page, 'Image updated');
    const me = (
      await bob.api.get<{ displayName: string; bio: string; profileImageUrl: string }>(
        `/api/users/${bob.username}`,
      )
    ).body;
    expect(me).toMatchObject({ displayName: 'Bob the Builder', bio: 'I build things.' });
    expect(me.profileImageUrl).toContain('/objects/');

    // With a cover too, the photo sits above it: what is drawn at its centre and at its top
    // edge (which overlaps the cover) is the photo.
    await page.getByLabel('Cover image file').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await png(1500, 500),
    });
    await expectPage.text(page, 'Image updated');
    const photo = page.getByRole('img', { name: 'Profile photo of Bob the Builder' });
    await page.getByRole('img', { name: 'Cover image of Bob the Builder' }).waitFor();
    const box = (await photo.boundingBox())!;
    const drawnAt = (x: number, y: number) =>
      page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.getAttribute('alt'), [x, y]);
    const centre = box.x + box.width / 2;
    expect(await drawnAt(centre, box.y + box.height / 2)).toBe('Profile photo of Bob the Builder');
    expect(await drawnAt(centre, box.y + 10)).toBe('Profile photo of Bob the Builder');
    await context.close();
  });

  it('asks a visitor to sign in instead of liking, retweeting or replying', async () => {
    const ada = await register('b_public');
    const created = await ada.api.post<TweetBody>('/api/tweets', { content: 'Open to all' });
    const { context, page } = await newPage(browser, web.url);
    await page.goto(`/tweet/${created.body.id}`);
    const post = card(page, 'Open to all');
    await post.waitFor();
    // The sign-up banner sits where a visitor reads posts.
    await page.getByRole('heading', { name: 'New to Wave?' }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/auth',
    );
    await post.getByRole('button', { name: 'Like' }).click();
    await expectPage.text(page, 'Sign in required');
    await expectPage.text(page, 'Please sign in to like posts.');
    await post.getByRole('button', { name: 'Retweet' }).click();
    await expectPage.text(page, 'Please sign in to retweet posts.');
    expect((await ada.api.get<TweetBody>(`/api/tweets/${created.body.id}`)).body).toMatchObject({
      likesCount: 0,
      retweetsCount: 0,
    });
    // The toast's Sign in opens the auth page.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
