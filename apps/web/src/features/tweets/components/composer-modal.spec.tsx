import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../components/ui/use-toast';
import { unsentDrafts } from '../../../lib/unsent-drafts';
import { tweetKeys } from '../api/tweet-keys';
import type { FetchCall } from '../testing/tweet-test-utils';
import {
  deferred,
  infinite,
  json,
  makeTweet,
  mockFetch,
  page,
  renderWithProviders,
  imageFile,
} from '../testing/tweet-test-utils';
import { ComposerModal } from './composer-modal';

function renderModal(
  handler: (call: FetchCall) => Response | Promise<Response> = () => json(404),
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const onOpenChange = vi.fn();
  const fetch = mockFetch(handler);
  const result = renderWithProviders(<ComposerModal open onOpenChange={onOpenChange} />, options);
  return { ...result, ...fetch, onOpenChange };
}

const image = (name: string, type = 'image/png') =>
  type.startsWith('image/') ? imageFile(name, type) : new File(['plain text'], name, { type });

/** The emoji picker is the real one, loaded when opened; in jsdom it draws all ~1,900 emoji. */
const PICKER_MS = 20_000;
/** Its search runs over them all before it announces what it found. */
const SEARCH_MS = 5_000;

describe('ComposerModal', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('counts to 280 in code points, turns red over it and disables Post', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Create post' });
    expect(dialog).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'What is happening?!' });
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    expect(screen.getByText('0/280')).toBeInTheDocument();

    await user.type(field, '   ');
    expect(post).toBeDisabled();

    await user.clear(field);
    await user.click(field);
    await user.paste('🌊'.repeat(280));
    expect(screen.getByText('280/280')).not.toHaveClass('text-destructive');
    expect(post).toBeEnabled();

    await user.type(field, '!');
    expect(screen.getByText('281/280')).toHaveClass('text-destructive');
    expect(post).toBeDisabled();
  });

  it('uploads up to 4 images, then posts their object paths', async () => {
    const user = userEvent.setup();
    const uploaded = deferred<Response>();
    let uploads = 0;
    const { calls, onOpenChange, queryClient } = renderModal((call) => {
      if (call.method === 'POST' && call.url === '/api/objects/upload') {
        uploads += 1;
        return json(200, { uploadURL: `/objects/uploads/id-${uploads}?expires=1&signature=s` });
      }
      if (call.method === 'PUT' && call.url.includes('id-1')) return uploaded.promise;
      if (call.method === 'PUT') return json(200, {}); // no objectPath: derived from the URL
      if (call.method === 'POST' && call.url === '/api/tweets') {
        return json(201, makeTweet({ content: 'Two pictures' }));
      }
      return json(404);
    });
    queryClient.setQueryData(tweetKeys.feed(), infinite(page([])));

    await user.type(
      await screen.findByRole('textbox', { name: 'What is happening?!' }),
      'Two pictures',
    );
    await user.upload(screen.getByTestId('modal-image-input'), [
      image('a.png'),
      image('b.jpg', 'image/jpeg'),
    ]);
    // Added once their first bytes are checked.
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();

    uploaded.resolve(json(200, { objectPath: '/objects/uploads/id-1' }));
    expect(await screen.findByText('Post sent!')).toBeVisible();

    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.headers['content-type']).sort()).toEqual([
      'image/jpeg',
      'image/png',
    ]);
    expect(calls.find((call) => call.url === '/api/tweets')?.body).toEqual({
      content: 'Two pictures',
      imageUrls: ['/objects/uploads/id-1', '/objects/uploads/id-2'],
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'What is happening?!' })).toHaveValue(''),
    );
  });

  it('says at once that the device is offline while uploading or posting, keeping the post', async () => {
    const user = userEvent.setup();
    // Offline altogether, then only for the post itself (the upload goes through), then online.
    let network: 'down' | 'post lost' | 'up' = 'down';
    const { calls, onOpenChange } = renderModal((call) => {
      if (network === 'down') throw new TypeError('Failed to fetch');
      if (call.method === 'POST' && call.url === '/api/objects/upload') {
        return json(200, { uploadURL: '/objects/uploads/id-1?expires=1&signature=s' });
      }
      if (call.method === 'PUT') return json(200, { objectPath: '/objects/uploads/id-1' });
      if (call.method === 'POST' && call.url === '/api/tweets') {
        if (network === 'post lost') throw new TypeError('Failed to fetch');
        return json(201, makeTweet({ content: 'Written on a train' }));
      }
      return json(404);
    });
    const posts = () =>
      calls.filter((call) => call.method === 'POST' && call.url === '/api/tweets');
    const field = await screen.findByRole('textbox', { name: 'What is happening?!' });
    await user.type(field, 'Written on a train');
    await user.upload(screen.getByTestId('modal-image-input'), [image('a.png')]);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    const offlineSays = 'Your post is still here. Send it again once you are back online.';

    // Offline at the upload: nothing is posted, the text and the image stay.
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(offlineSays)).toBeVisible();
    expect(screen.getByText("You're offline")).toBeVisible();
    expect(field).toHaveValue('Written on a train');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(posts()).toHaveLength(0);
    resetToasts();

    // Offline at the post itself: the same.
    network = 'post lost';
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(offlineSays)).toBeVisible();
    expect(field).toHaveValue('Written on a train');
    expect(posts()).toHaveLength(1);

    // Sent when the member asks again, and said so; nothing was sent behind their back.
    network = 'up';
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post sent!')).toBeVisible();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts()).toHaveLength(2);
  });

  it('holds an unsent draft while it has text, through a failed post, until posted', async () => {
    const user = userEvent.setup();
    let answers = 0;
    renderModal((call) =>
      call.method === 'POST' && call.url === '/api/tweets'
        ? json((answers += 1) === 1 ? 500 : 201, makeTweet())
        : json(200, page([])),
    );
    const field = await screen.findByRole('textbox', { name: 'What is happening?!' });
    expect(unsentDrafts.hasUnsentDrafts()).toBe(false);
    await user.type(field, 'Hi');
    expect(unsentDrafts.hasUnsentDrafts()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to share post. Please try again.')).toBeVisible();
    expect(unsentDrafts.hasUnsentDrafts()).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Post' }));
    await waitFor(() => expect(unsentDrafts.hasUnsentDrafts()).toBe(false));
  });

  it('shows Posting... while the post is sent', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    renderModal(() => answer.promise);
    await user.type(await screen.findByRole('textbox', { name: 'What is happening?!' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    answer.resolve(json(500));
    expect(await screen.findByText('Failed to share post. Please try again.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('keeps at most 4 images and refuses files that are not images', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderModal();
    await screen.findByRole('dialog');
    await user.upload(screen.getByTestId('modal-image-input'), [
      image('1.png'),
      image('2.png'),
      image('3.png'),
      image('4.png'),
      image('5.png'),
    ]);
    // Added together once their first bytes are checked (FileReader is asynchronous).
    expect(await screen.findAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Add images (up to 4)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove image 4' }));
    await user.upload(screen.getByTestId('modal-image-input'), [image('notes.txt', 'text/plain')]);
    expect(await screen.findByText('Invalid file type')).toBeVisible();
    expect(screen.getByText('Please select an image file.')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it.each([
    [
      503,
      { message: 'Service unavailable' },
      'Error',
      'Failed to upload images. Please try again.',
    ],
    [
      413,
      { message: 'The image is too large: at most 40 megapixels' },
      'File too large',
      'The image is too large: at most 40 megapixels',
    ],
    [
      415,
      {},
      'Invalid file type',
      "This file isn't a PNG, JPEG, GIF, WebP or AVIF image, whatever its name says.",
    ],
    [
      422,
      { message: 'The file is not a readable image' },
      "Image can't be read",
      'The file is not a readable image',
    ],
  ])(
    'tells why when the upload answers %i, keeps the post and does not send it',
    async (status, body, title, description) => {
      const user = userEvent.setup();
      const { calls } = renderModal((call) =>
        call.url === '/api/objects/upload'
          ? json(200, { uploadURL: '/objects/uploads/x?expires=1&signature=s' })
          : json(status, body),
      );
      const field = await screen.findByRole('textbox', { name: 'What is happening?!' });
      await user.type(field, 'Pic');
      await user.upload(screen.getByTestId('modal-image-input'), [image('a.png')]);
      expect(await screen.findAllByRole('listitem')).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Post' }));
      expect(await screen.findByText(description)).toBeVisible();
      expect(screen.getByText(title)).toBeVisible();
      expect(calls.some((call) => call.url === '/api/tweets')).toBe(false);
      expect(await screen.findByRole('button', { name: 'Post' })).toBeEnabled();
      expect(field).toHaveValue('Pic');
    },
  );

  it('refuses a renamed file that is not an image when it is added, saying why', async () => {
    const user = userEvent.setup();
    renderModal();
    const fake = new File(['%PDF-1.7 not a picture'], 'holiday.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('modal-image-input'), [fake]);
    expect(
      await screen.findByText(
        "This file isn't a PNG, JPEG, GIF, WebP or AVIF image, whatever its name says.",
      ),
    ).toBeVisible();
    expect(screen.queryByText('Image added!')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /holiday/ })).not.toBeInTheDocument();
  });

  it('sends a visitor to log in', async () => {
    renderModal(undefined, { user: null });
    expect(await screen.findByText('Please log in to create a post.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it(
    'inserts an emoji from its 300 by 350 picker at the caret, then gives focus back',
    async () => {
      const user = userEvent.setup();
      renderModal();
      const field = await screen.findByRole<HTMLTextAreaElement>('textbox', {
        name: 'What is happening?!',
      });
      await user.type(field, 'Hi there');
      field.setSelectionRange(2, 2);
      await user.click(screen.getByRole('button', { name: 'Add emoji' }));
      const picker = await screen.findByRole('dialog', { name: 'Add emoji' });
      await user.click(
        await within(picker).findByRole('textbox', { name: 'Type to search for an emoji' }),
      );
      expect(picker.querySelector('[data-epr-part="root"]')).toHaveStyle({
        width: '300px',
        height: '350px',
      });
      await user.paste('water wave');
      await within(picker).findByText(/results? found/, {}, { timeout: SEARCH_MS });
      await user.click(within(picker).getByRole('gridcell', { name: 'water wave' }));

      expect(field).toHaveValue('Hi🌊 there');
      expect(screen.getByText('9/280')).toBeInTheDocument();
      await waitFor(() => expect(picker).not.toBeInTheDocument());
      await waitFor(() => expect(field).toHaveFocus());
      await waitFor(() => expect(field.selectionStart).toBe(4));
    },
    PICKER_MS,
  );

  it(
    'closes the picker on Escape, not the dialog, and gives focus back to the emoji button',
    async () => {
      const user = userEvent.setup();
      renderModal();
      const field = await screen.findByRole('textbox', { name: 'What is happening?!' });
      const button = screen.getByRole('button', { name: 'Add emoji' });
      button.focus();
      await user.keyboard('{Enter}');
      const search = await screen.findByRole('textbox', { name: 'Type to search for an emoji' });
      await waitFor(() => expect(search).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Add emoji' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('dialog', { name: 'Create post' })).toBeInTheDocument();
      await waitFor(() => expect(button).toHaveFocus());
      expect(field).toHaveValue('');
    },
    PICKER_MS,
  );
});
