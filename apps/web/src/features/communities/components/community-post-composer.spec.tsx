import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityDetailResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import { unsentDrafts } from '../../../lib/unsent-drafts';
import { imageFile } from '../../../testing/test-utils';
import type { FetchCall } from '../testing/community-test-utils';
import {
  ADA_ID,
  asMember,
  COMMUNITY_ID,
  deferred,
  json,
  makeDetail,
  makePost,
  mockFetch,
  renderWithProviders,
} from '../testing/community-test-utils';
import CommunityPage from './community-page';

type Handler = (call: FetchCall) => Response | Promise<Response>;

const detailUrl = `/api/communities/${COMMUNITY_ID}`;
const postsUrl = `${detailUrl}/posts`;
const isDetail = (call: FetchCall) => call.method === 'GET' && call.url === detailUrl;
const isUploadUrl = (call: FetchCall) =>
  call.method === 'POST' && call.url === '/api/objects/upload';
const isPut = (call: FetchCall) => call.method === 'PUT';
const isCreate = (call: FetchCall) => call.method === 'POST' && call.url === postsUrl;

/** A small PNG by its name, its type and its first bytes (what the composer checks). */
const png = (name: string) => imageFile(name, 'image/png');

/** The object an upload URL names: `/objects/uploads/<id>?expires=…` → `/objects/uploads/<id>`. */
const objectOf = (uploadUrl: string) => uploadUrl.split('?')[0]!;

/**
 * Media's side of the upload sequence: each POST /api/objects/upload answers a new URL
 * (`/objects/uploads/id-<n>`), each PUT to one answers what media stored, unless `put` answers.
 */
function mediaServer(put?: (call: FetchCall) => Response | Promise<Response> | undefined) {
  let issued = 0;
  return (call: FetchCall): Response | Promise<Response> | undefined => {
    if (isUploadUrl(call)) {
      issued += 1;
      return json(200, { uploadURL: `/objects/uploads/id-${issued}?expires=1&signature=s` });
    }
    if (isPut(call)) {
      return (
        put?.(call) ??
        json(200, {
          objectPath: objectOf(call.url),
          contentType: 'image/png',
          size: 8,
          width: 1,
          height: 1,
        })
      );
    }
    return undefined;
  };
}

/** A community's page for a member; `detail` answers its GET, `handler` the rest. */
function renderComposer(handler: Handler, detail: () => CommunityDetailResponse = memberDetail) {
  const fetch = mockFetch((call) => (isDetail(call) ? json(200, detail()) : handler(call)));
  const result = renderWithProviders(<CommunityPage />, {
    route: `/community/${COMMUNITY_ID}`,
    path: '/community/:communityId',
  });
  return { ...result, ...fetch };
}

const memberDetail = () => asMember(makeDetail({ name: 'Rustaceans' }));

/** Object URLs for the thumbnails (jsdom makes none), and a record of those revoked. */
function stubObjectUrls() {
  let made = 0;
  const revoked: string[] = [];
  const statics = URL as unknown as Record<'createObjectURL' | 'revokeObjectURL', unknown>;
  const saved = { ...statics };
  statics.createObjectURL = () => `blob:preview-${(made += 1)}`;
  statics.revokeObjectURL = (url: string) => revoked.push(url);
  onTestFinished(() => {
    statics.createObjectURL = saved.createObjectURL;
    statics.revokeObjectURL = saved.revokeObjectURL;
  });
  return { revoked };
}

async function openComposer() {
  const form = await screen.findByRole('form', { name: 'Post in Rustaceans' });
  return {
    form,
    field: within(form).getByRole('textbox', { name: 'Share something with Rustaceans' }),
    input: within(form).getByTestId('community-image-input'),
    addImages: within(form).getByRole('button', { name: 'Add images (up to 4)' }),
    previews: () => within(form).queryAllByRole('listitem'),
  };
}

describe('CommunityPostComposer with images', () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows two attached images as previews, removes one, and holds a draft of images alone', async () => {
    const user = userEvent.setup();
    const urls = stubObjectUrls();
    renderComposer(() => json(404));
    const { form, input, previews } = await openComposer();
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);

    await user.upload(input, [png('a.png'), png('b.png')]);
    const list = await within(form).findByRole('list', { name: 'Attached images' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'Attached image 1: a.png' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(within(list).getByRole('img', { name: 'Attached image 2: b.png' })).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
    // Held by an effect once the previews are drawn.
    await waitFor(() => expect(unsentDrafts.hasUnsentDrafts()).toBe(true));
    // The server takes no post without text, images or not.
    expect(within(form).getByRole('button', { name: 'Post' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Remove image 1' }));
    expect(previews()).toHaveLength(1);
    expect(within(form).getByRole('img', { name: 'Attached image 1: b.png' })).toBeVisible();
    expect(urls.revoked).toEqual(['blob:preview-1']);

    await user.click(within(form).getByRole('button', { name: 'Remove image 1' }));
    expect(within(form).queryByRole('list', { name: 'Attached images' })).not.toBeInTheDocument();
    expect(urls.revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);
  });

  it('refuses a renamed file that is not an image, a file of another type and one over 25MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderComposer(() => json(404));
    const { input, previews } = await openComposer();

    const renamed = new File(['just some notes, not a picture'], 'x.png', { type: 'image/png' });
    await user.upload(input, renamed);
    expect(await screen.findByText('Invalid file type')).toBeVisible();
    expect(
      screen.getByText(
        "This file isn't a PNG, JPEG, GIF, WebP or AVIF image, whatever its name says.",
      ),
    ).toBeVisible();
    expect(previews()).toHaveLength(0);

    act(() => resetToasts());
    await user.upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file.')).toBeVisible();
    expect(previews()).toHaveLength(0);

    act(() => resetToasts());
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(await screen.findByText('File too large')).toBeVisible();
    expect(screen.getByText('Please select an image smaller than 25MB.')).toBeVisible();
    expect(previews()).toHaveLength(0);

    // A good image beside a refused one is still attached.
    act(() => resetToasts());
    await user.upload(input, [png('good.png'), renamed]);
    expect(await screen.findByText('Invalid file type')).toBeVisible();
    expect(previews()).toHaveLength(1);
  });

  it('keeps at most 4 images and says so', async () => {
    const user = userEvent.setup();
    renderComposer(() => json(404));
    const { input, addImages, previews } = await openComposer();

    await user.upload(input, [png('1.png'), png('2.png'), png('3.png')]);
    await waitFor(() => expect(previews()).toHaveLength(3));
    await user.upload(input, [png('4.png'), png('5.png')]);
    expect(await screen.findByText('Too many images')).toBeVisible();
    expect(screen.getByText('A post can have at most 4 images.')).toBeVisible();
    expect(previews()).toHaveLength(4);
    expect(previews().map((item) => item.textContent)).toEqual([
      '1.png',
      '2.png',
      '3.png',
      '4.png',
    ]);
    expect(addImages).toBeDisabled();
  });

  it("uploads each image, then posts their object paths in order: 'Posting...' until it is in, then clears", async () => {
    const user = userEvent.setup();
    const urls = stubObjectUrls();
    const firstPut = deferred<Response>();
    const created = makePost({
      authorId: ADA_ID,
      author: { id: ADA_ID, username: 'ada', displayName: 'Ada Lovelace', profileImageUrl: null },
      content: 'Two pictures',
      mediaUrls: ['/objects/uploads/id-1', '/objects/uploads/id-2'],
    });
    let detail = memberDetail();
    const media = mediaServer((call) => (call.url.includes('id-1') ? firstPut.promise : undefined));
    const { calls } = renderComposer(
      (call) => media(call) ?? (isCreate(call) ? json(201, created) : json(404)),
      () => detail,
    );
    const { form, field, input, addImages } = await openComposer();

    await user.type(field, '  Two pictures ');
    await user.upload(input, [png('a.png'), png('b.png')]);
    await within(form).findByRole('img', { name: 'Attached image 2: b.png' });
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    const pending = await within(form).findByRole('button', { name: 'Posting...' });
    expect(pending).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Remove image 1' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Remove image 2' })).toBeDisabled();
    expect(addImages).toBeDisabled();
    expect(field).toHaveAttribute('readonly');
    await waitFor(() => expect(calls.filter(isPut)).toHaveLength(2));
    expect(calls.some(isCreate)).toBe(false);

    detail = { ...detail, posts: [created] };
    firstPut.resolve(
      json(200, { objectPath: '/objects/uploads/id-1', contentType: 'image/png', size: 16 }),
    );
    expect(await screen.findByText('Post created')).toBeVisible();

    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.filter(isUploadUrl)).toHaveLength(2);
    const puts = writes.filter(isPut);
    expect(puts.map((call) => [objectOf(call.url), (call.body as File).name])).toEqual([
      ['/objects/uploads/id-1', 'a.png'],
      ['/objects/uploads/id-2', 'b.png'],
    ]);
    // Every upload is done before the post is created, and the post names them in order.
    expect(writes.at(-1)).toEqual({
      method: 'POST',
      url: postsUrl,
      body: {
        content: 'Two pictures',
        mediaUrls: ['/objects/uploads/id-1', '/objects/uploads/id-2'],
      },
    });

    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('readonly');
    expect(within(form).queryByRole('list', { name: 'Attached images' })).not.toBeInTheDocument();
    expect(urls.revoked.sort()).toEqual(['blob:preview-1', 'blob:preview-2']);
    expect(within(form).getByRole('button', { name: 'Post' })).toBeDisabled();
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);
    const post = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(post).getByAltText('Image 2 of 2 in the post by @ada')).toHaveAttribute(
      'src',
      '/objects/uploads/id-2/display',
    );
  });

  it('keeps the text and the images when an upload fails, says so, and posts on a second try', async () => {
    const user = userEvent.setup();
    let failing = true;
    const media = mediaServer(() =>
      failing ? json(503, { message: 'Storage is unavailable; try again shortly' }) : undefined,
    );
    const { calls } = renderComposer(
      (call) =>
        media(call) ?? (isCreate(call) ? json(201, makePost({ content: 'Sunset' })) : json(404)),
    );
    const { form, field, input, previews } = await openComposer();
    await user.type(field, 'Sunset');
    await user.upload(input, [png('sunset.png')]);
    await waitFor(() => expect(previews()).toHaveLength(1));

    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to upload images')).toBeVisible();
    expect(screen.getByText('Failed to upload images. Please try again.')).toBeVisible();
    expect(calls.some(isCreate)).toBe(false);
    expect(field).toHaveValue('Sunset');
    expect(previews()).toHaveLength(1);
    expect(within(form).getByRole('button', { name: 'Remove image 1' })).toBeEnabled();
    expect(unsentDrafts.hasUnsentDrafts()).toBe(true);

    failing = false;
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created')).toBeVisible();
    expect(calls.find(isCreate)?.body).toEqual({
      content: 'Sunset',
      // The first URL was spent on the failed try: a new one is asked for.
      mediaUrls: ['/objects/uploads/id-2'],
    });
    expect(previews()).toHaveLength(0);
  });

  it('says so when the device is offline, keeping the post', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer((call) =>
      isUploadUrl(call) ? Promise.reject(new TypeError('Failed to fetch')) : json(404),
    );
    const { form, field, input, previews } = await openComposer();
    await user.type(field, 'From orbit');
    await user.upload(input, [png('orbit.png')]);
    await waitFor(() => expect(previews()).toHaveLength(1));
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText("You're offline")).toBeVisible();
    expect(
      screen.getByText('Your post is still here. Send it again once you are back online.'),
    ).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Post' })).toBeEnabled();
    expect(field).toHaveValue('From orbit');
    expect(previews()).toHaveLength(1);
    expect(calls.some(isCreate)).toBe(false);
  });

  it.each([
    [413, undefined, 'File too large', 'Please select an image smaller than 25MB.'],
    [413, 'The image is too large: at most 40 megapixels', 'File too large', null],
    [
      415,
      undefined,
      'Invalid file type',
      "This file isn't a PNG, JPEG, GIF, WebP or AVIF image, whatever its name says.",
    ],
    [415, 'Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded', 'Invalid file type', null],
    [422, undefined, "Image can't be read", 'This image seems damaged. Please choose another one.'],
    [422, 'The file is not a readable image', "Image can't be read", null],
    [503, undefined, 'Failed to upload images', 'Failed to upload images. Please try again.'],
  ])(
    'says why media refused the upload as every composer does: %i with the message %j',
    async (status, serverMessage, title, fallback) => {
      const user = userEvent.setup();
      renderComposer(
        (call) =>
          mediaServer(() =>
            json(status, serverMessage === undefined ? undefined : { message: serverMessage }),
          )(call) ?? json(404),
      );
      const { form, field, input, previews } = await openComposer();
      await user.type(field, 'Look');
      await user.upload(input, [png('look.png')]);
      await waitFor(() => expect(previews()).toHaveLength(1));
      await user.click(within(form).getByRole('button', { name: 'Post' }));

      expect(await screen.findByText(title)).toBeVisible();
      expect(screen.getByText(serverMessage ?? fallback ?? '')).toBeVisible();
      expect(field).toHaveValue('Look');
      expect(previews()).toHaveLength(1);
    },
  );
});
