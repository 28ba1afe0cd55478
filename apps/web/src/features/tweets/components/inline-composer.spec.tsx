import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../components/ui/use-toast';
import { unsentDrafts } from '../../../lib/unsent-drafts';
import { tweetKeys } from '../api/tweet-keys';
import type { FetchCall } from '../testing/tweet-test-utils';
import {
  infinite,
  json,
  makeTweet,
  makeUser,
  mockFetch,
  page,
  renderWithProviders,
  PNG_DATA_URL,
  PNG_HEAD,
} from '../testing/tweet-test-utils';
import { InlineComposer } from './inline-composer';

const preview = {
  url: 'https://example.com/',
  title: 'Example Domain',
  description: 'For use in examples',
  image: 'https://example.com/og.png',
  imageProxyUrl: '/api/image-proxy?url=https%3A%2F%2Fexample.com%2Fog.png&sig=signed-by-server',
  siteName: 'Example',
};

function renderComposer(handler: (call: FetchCall) => Response | Promise<Response>) {
  const fetch = mockFetch(handler);
  return { ...renderWithProviders(<InlineComposer />), ...fetch };
}

/** The emoji picker is the real one, loaded when opened; in jsdom it draws all ~1,900 emoji. */
const PICKER_MS = 20_000;
/** Its search runs over them all before it announces what it found. */
const SEARCH_MS = 5_000;

const field = () => screen.getByRole('textbox', { name: 'What is happening?!' });
const postButton = () => screen.getByRole('button', { name: 'Post' });
const sizedImage = (size: number, type = 'image/png') => {
  // A PNG's bytes whatever the type says: the type is what a test varies.
  const file = new File([new Uint8Array(PNG_HEAD)], 'photo.png', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('InlineComposer', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('posts text, then clears it, says so and puts the post on top of the feed', async () => {
    const user = userEvent.setup();
    const me = makeUser();
    const created = makeTweet({ content: 'Hello', authorId: me.id });
    const { calls, queryClient } = renderComposer((call) =>
      call.method === 'POST' && call.url === '/api/tweets'
        ? json(201, created)
        : json(200, page([])),
    );
    queryClient.setQueryData(tweetKeys.feed(), infinite(page([makeTweet()])));
    expect(postButton()).toBeDisabled();
    await user.type(field(), '  Hello  ');
    await user.click(postButton());
    expect(await screen.findByText('Post sent!')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/tweets')?.body).toEqual({ content: 'Hello' });
    await waitFor(() => expect(field()).toHaveValue(''));
    await waitFor(() => {
      const feed = queryClient.getQueryData<ReturnType<typeof infinite<typeof created>>>(
        tweetKeys.feed(),
      );
      expect(feed?.pages[0]?.items[0]?.id).toBe(created.id);
    });
  });

  it('holds an unsent draft while it has text or an image, until posted (an update waits)', async () => {
    const user = userEvent.setup();
    renderComposer((call) =>
      call.method === 'POST' ? json(201, makeTweet()) : json(200, page([])),
    );
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);
    await user.type(field(), 'Hi');
    expect(unsentDrafts.hasUnsentDrafts()).toBe(true);
    await user.clear(field());
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);

    await user.upload(screen.getByTestId('inline-image-input'), sizedImage(3));
    await screen.findByAltText('Attached image: photo.png');
    expect(unsentDrafts.hasUnsentDrafts()).toBe(true);
    await user.type(field(), 'With a picture');
    await user.click(postButton());
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);
  });

  it(
    'inserts an emoji from its 300 by 400 picker at the caret, then gives focus back',
    async () => {
      const user = userEvent.setup();
      renderComposer(() => json(404));
      const text = screen.getByRole<HTMLTextAreaElement>('textbox', {
        name: 'What is happening?!',
      });
      await user.type(text, 'Good morning');
      text.setSelectionRange(4, 4);
      await user.click(screen.getByRole('button', { name: 'Add emoji' }));
      const picker = await screen.findByRole('dialog', { name: 'Add emoji' });
      await user.click(
        await within(picker).findByRole('textbox', { name: 'Type to search for an emoji' }),
      );
      expect(picker.querySelector('[data-epr-part="root"]')).toHaveStyle({
        width: '300px',
        height: '400px',
      });
      await user.paste('sun with face');
      await within(picker).findByText(/results? found/, {}, { timeout: SEARCH_MS });
      await user.click(within(picker).getByRole('gridcell', { name: 'sun with face' }));

      expect(text).toHaveValue('Good🌞 morning');
      await waitFor(() => expect(picker).not.toBeInTheDocument());
      await waitFor(() => expect(text).toHaveFocus());
      await waitFor(() => expect(text.selectionStart).toBe(6));
    },
    PICKER_MS,
  );

  it('refuses an image over 25 MB', async () => {
    const user = userEvent.setup();
    renderComposer(() => json(404));
    await user.upload(screen.getByTestId('inline-image-input'), sizedImage(25 * 1024 * 1024 + 1));
    expect(await screen.findByText('File too large')).toBeVisible();
    expect(screen.getByText('Please select an image smaller than 25MB.')).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderComposer(() => json(404));
    await user.upload(screen.getByTestId('inline-image-input'), sizedImage(10, 'application/pdf'));
    expect(await screen.findByText('Invalid file type')).toBeVisible();
    expect(screen.getByText('Please select an image file.')).toBeVisible();
  });

  it('refuses a file named and typed as a PNG that is not one, when it is added', async () => {
    const user = userEvent.setup();
    renderComposer(() => json(404));
    const fake = new File(['not a picture at all'], 'cat.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('inline-image-input'), fake);
    expect(await screen.findByText('Invalid file type')).toBeVisible();
    expect(
      screen.getByText(
        "This file isn't a PNG, JPEG, GIF, WebP or AVIF image, whatever its name says.",
      ),
    ).toBeVisible();
    expect(screen.queryByText('Image added!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image' })).not.toBeInTheDocument();
  });

  it("says why the server refused the post's image (413), keeping the post", async () => {
    const user = userEvent.setup();
    renderComposer((call) =>
      call.method === 'POST' && call.url === '/api/tweets'
        ? json(413, { message: 'The image is too large: at most 40 megapixels' })
        : json(404),
    );
    await user.type(field(), 'Big one');
    await user.upload(screen.getByTestId('inline-image-input'), sizedImage(3));
    await screen.findByText('Image added!');
    await user.click(postButton());
    expect(await screen.findByText('File too large')).toBeVisible();
    expect(screen.getByText('The image is too large: at most 40 megapixels')).toBeVisible();
    expect(field()).toHaveValue('Big one');
  });

  it('tells when the image cannot be read', async () => {
    const user = userEvent.setup();
    const readAsDataURL = vi
      .spyOn(FileReader.prototype, 'readAsDataURL')
      .mockImplementation(function (this: FileReader) {
        this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
      });
    try {
      renderComposer(() => json(404));
      await user.upload(screen.getByTestId('inline-image-input'), sizedImage(3));
      expect(await screen.findByText('Upload failed')).toBeVisible();
      expect(screen.getByText('Failed to process image. Please try again.')).toBeVisible();
    } finally {
      readAsDataURL.mockRestore();
    }
  });

  it('posts an image alone as a data URL, and can remove it', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer(() => json(201, makeTweet()));
    await user.upload(screen.getByTestId('inline-image-input'), sizedImage(3));
    expect(await screen.findByText('Image added!')).toBeVisible();
    expect(screen.getByAltText('Attached image: photo.png')).toBeInTheDocument();
    expect(postButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByAltText('Attached image: photo.png')).not.toBeInTheDocument();
    expect(postButton()).toBeDisabled();

    await user.upload(screen.getByTestId('inline-image-input'), sizedImage(3));
    await screen.findByAltText('Attached image: photo.png');
    await user.click(postButton());
    await screen.findByText('Post sent!');
    expect(calls.find((call) => call.url === '/api/tweets')?.body).toEqual({
      imageUrl: PNG_DATA_URL,
    });
    await waitFor(() =>
      expect(screen.queryByAltText('Attached image: photo.png')).not.toBeInTheDocument(),
    );
  });

  it('previews the first link (not the own host), sends it, and clears it after posting', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer((call) => {
      if (call.url === '/api/link-preview') return json(200, preview);
      if (call.url === '/api/tweets') return json(201, makeTweet());
      return json(404);
    });
    await user.type(field(), `${window.location.host}/x and example.com and other.org`);
    expect(await screen.findByText('Example Domain', {}, { timeout: 3000 })).toBeVisible();
    expect(screen.getByAltText('Preview image for Example Domain')).toHaveAttribute(
      'src',
      preview.imageProxyUrl,
    );
    const previewCalls = calls.filter((call) => call.url === '/api/link-preview');
    expect(previewCalls.at(-1)?.body).toEqual({ url: 'https://example.com/' });
    expect(
      previewCalls.every((call) => (call.body as { url: string }).url !== 'https://other.org/'),
    ).toBe(true);

    await user.click(postButton());
    await screen.findByText('Post sent!');
    expect(calls.find((call) => call.url === '/api/tweets')?.body).toEqual({
      content: `${window.location.host}/x and example.com and other.org`,
      linkPreview: preview,
    });
    await waitFor(() => expect(screen.queryByText('Example Domain')).not.toBeInTheDocument());
  });

  it('drops the preview when removed, or when the links are gone', async () => {
    const user = userEvent.setup();
    renderComposer(() => json(200, preview));
    await user.type(field(), 'see example.com');
    await screen.findByText('Example Domain', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Remove link preview' }));
    expect(screen.queryByText('Example Domain')).not.toBeInTheDocument();

    await user.clear(field());
    await user.type(field(), 'again example.com');
    await screen.findByText('Example Domain', {}, { timeout: 3000 });
    await user.clear(field());
    await user.type(field(), 'no links');
    expect(screen.queryByText('Example Domain')).not.toBeInTheDocument();
  });

  it('silently drops a preview that fails', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer(() => json(422, { message: 'Unreadable page' }));
    await user.type(field(), 'see example.com');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/link-preview')).toBe(true), {
      timeout: 3000,
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('status', { name: 'Loading link preview' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('tells when posting fails', async () => {
    const user = userEvent.setup();
    renderComposer(() => json(500, { message: 'Internal server error' }));
    await user.type(field(), 'Hi');
    await user.click(postButton());
    expect(await screen.findByText('Error')).toBeVisible();
    expect(screen.getByText('Failed to share post. Please try again.')).toBeVisible();
    expect(field()).toHaveValue('Hi');
  });

  it('says at once that the device is offline, keeps the draft, and sends it when asked again', async () => {
    const user = userEvent.setup();
    let online = false;
    const { calls } = renderComposer((call) => {
      if (call.method === 'POST' && call.url === '/api/tweets') {
        if (!online) throw new TypeError('Failed to fetch');
        return json(201, makeTweet({ content: 'Written on a train' }));
      }
      return json(404);
    });
    await user.type(field(), 'Written on a train');
    await user.click(postButton());
    expect(await screen.findByText("You're offline")).toBeVisible();
    expect(
      screen.getByText('Your post is still here. Send it again once you are back online.'),
    ).toBeVisible();
    expect(field()).toHaveValue('Written on a train');
    expect(postButton()).toBeEnabled();

    online = true;
    await user.click(postButton());
    expect(await screen.findByText('Post sent!')).toBeVisible();
    expect(field()).toHaveValue('');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('sends a signed-out member to /auth on 401', async () => {
    const user = userEvent.setup();
    renderComposer(() => json(401, { message: 'Not signed in' }));
    await user.type(field(), 'Hi');
    await user.click(postButton());
    expect(await screen.findByText('You need to log in to post. Redirecting...')).toBeVisible();
    expect(await screen.findByText('Auth page', {}, { timeout: 2000 })).toBeInTheDocument();
  });
});
