import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedItemResponse, TweetResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import { ImpressionContext } from '../../../hooks/use-impression';
import type { ImpressionObserver } from '../../../lib/impression-reporter';
import { tweetKeys } from '../api/tweet-keys';
import type { FetchCall } from '../testing/tweet-test-utils';
import {
  deferred,
  GRACE_ID,
  json,
  makeTweet,
  makeUser,
  mockFetch,
  page,
  renderWithProviders,
} from '../testing/tweet-test-utils';
import HomePage from './home-page';

const interaction = (tweet: TweetResponse, patch: Partial<TweetResponse>) => ({
  tweetId: tweet.id,
  isLiked: tweet.isLiked,
  isRetweeted: tweet.isRetweeted,
  likesCount: tweet.likesCount,
  retweetsCount: tweet.retweetsCount,
  ...patch,
});

/** The home feed with these posts; other calls go to `handler`. */
/** Handlers that answer the view-count calls themselves. */
const handlesViews = new WeakSet<object>();

function renderFeed(
  items: FeedItemResponse[],
  handler: (call: FetchCall) => Response | Promise<Response> = () => json(404, { message: 'No' }),
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const fetch = mockFetch((call) => {
    if (call.method === 'GET' && call.url.startsWith('/api/tweets?')) {
      return json(200, page(items));
    }
    // The cards' view counts, unless the test answers them itself.
    if (call.url.startsWith('/api/analytics/views?') && !handlesViews.has(handler)) {
      return json(200, { views: {} });
    }
    return handler(call);
  });
  return { ...renderWithProviders(<HomePage />, options), ...fetch };
}

const likeButton = () => screen.getByRole('button', { name: /^(Like|Unlike)$/ });

describe('TweetCard', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the author, @username, the relative time, the text and the (edited) mark', async () => {
    const tweet = makeTweet({ content: 'First post', editedAt: new Date().toISOString() });
    renderFeed([tweet]);
    const article = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(within(article).getByText('@grace')).toBeInTheDocument();
    expect(within(article).getByText('about 2 hours ago')).toBeInTheDocument();
    expect(within(article).getByText('(edited)')).toBeInTheDocument();
    expect(within(article).getByText('First post')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/profile/grace',
    );
    expect(within(article).getByRole('link', { name: 'about 2 hours ago' })).toHaveAttribute(
      'href',
      `/tweet/${tweet.id}`,
    );
  });

  it('links URLs safely and never renders markup', async () => {
    renderFeed([
      makeTweet({ content: 'Read https://example.com/a, <b>bold</b> javascript:alert(1)' }),
    ]);
    const link = await screen.findByRole('link', { name: 'https://example.com/a' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText(/<b>bold<\/b>/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
  });

  it('shows images through their display variant with alt text, and the retweeter', async () => {
    renderFeed([
      makeTweet({
        imageUrls: ['/objects/uploads/one', '/objects/uploads/two'],
        retweetedBy: { id: 'x', username: 'linus', displayName: 'Linus Torvalds' },
        linkPreview: {
          url: 'https://example.com/',
          title: 'Example',
          description: 'An example page',
          image: 'https://example.com/og.png',
          imageProxyUrl:
            '/api/image-proxy?url=https%3A%2F%2Fexample.com%2Fog.png&sig=signed-by-server',
          siteName: 'Example Site',
        },
      }),
    ]);
    const first = await screen.findByAltText('Image 1 of 2 in the post by @grace');
    expect(first).toHaveAttribute('src', '/objects/uploads/one/display');
    // The first posts of a list are on screen when it opens: their images are asked for at once.
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Linus Torvalds')).toBeInTheDocument();
    expect(screen.getByText('retweeted', { exact: false })).toBeInTheDocument();
    expect(screen.getByAltText('Preview image for Example')).toHaveAttribute(
      'src',
      '/api/image-proxy?url=https%3A%2F%2Fexample.com%2Fog.png&sig=signed-by-server',
    );
  });

  it('loads the images of posts further down a list lazily', async () => {
    renderFeed(
      ['a', 'b', 'c', 'd'].map((id) =>
        makeTweet({ id, imageUrls: [`/objects/uploads/${id}`], content: `post ${id}` }),
      ),
    );
    // The list draws its cards in steps: wait for the fourth.
    await waitFor(() => expect(screen.getAllByAltText(/in the post by @grace/)).toHaveLength(4));
    const loading = screen
      .getAllByAltText(/in the post by @grace/)
      .map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]);
    expect(loading).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
    ]);
  });

  it('shows a preview without a picture when the server gave no proxy link for it', async () => {
    renderFeed([
      makeTweet({
        linkPreview: {
          url: 'https://example.com/',
          title: 'Example',
          description: null,
          image: 'https://example.com/og.png',
          imageProxyUrl: null,
          siteName: null,
        },
      }),
    ]);
    expect(await screen.findByText('Example')).toBeInTheDocument();
    expect(screen.queryByAltText('Preview image for Example')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Preview image/ })).not.toBeInTheDocument();
  });

  it('likes at once, then rolls back with the failure toast when the server refuses', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ likesCount: 4 });
    const answer = deferred<Response>();
    const { calls, queryClient } = renderFeed([tweet], () => answer.promise);
    queryClient.setQueryData(tweetKeys.detail(tweet.id), tweet);

    await user.click(await screen.findByRole('button', { name: 'Like' }));

    const unlike = await screen.findByRole('button', { name: 'Unlike' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(unlike).toHaveAccessibleDescription('5');
    expect(queryClient.getQueryData<TweetResponse>(tweetKeys.detail(tweet.id))?.isLiked).toBe(true);
    // The view counts are asked for 100 ms after the card is drawn: the like is not the last call.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: `/api/tweets/${tweet.id}/like` }),
    ]);

    answer.resolve(json(500, { message: 'Internal server error' }));

    expect(await screen.findByText('Failed to update like. Please try again.')).toBeVisible();
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveAccessibleDescription('4');
    expect(queryClient.getQueryData<TweetResponse>(tweetKeys.detail(tweet.id))?.likesCount).toBe(4);
  });

  it('keeps the server count after a like', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ likesCount: 4 });
    renderFeed([tweet], () => json(200, interaction(tweet, { isLiked: true, likesCount: 7 })));
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(likeButton()).toHaveAccessibleDescription('7'));
    expect(likeButton()).toHaveAccessibleName('Unlike');
  });

  it('shows how many times each post was seen, asking once for the whole page', async () => {
    const seen = makeTweet({ content: 'Seen a lot' });
    const fresh = makeTweet({ content: 'Just posted' });
    const gone = makeTweet({ content: 'Deleted meanwhile' });
    const answer = (call: FetchCall) =>
      call.url.startsWith('/api/analytics/views?')
        ? json(200, { views: { [seen.id]: 1234, [fresh.id]: 0 } })
        : json(404, { message: 'No' });
    handlesViews.add(answer);
    const { calls } = renderFeed([seen, fresh, gone], answer);
    expect(await screen.findByText('1.2K')).toBeInTheDocument();
    const cardOf = (text: string) => screen.getByText(text).closest('article')!;
    expect(within(cardOf('Seen a lot')).getByText('1,234 views')).toBeInTheDocument();
    expect(within(cardOf('Just posted')).getByText('0 views')).toBeInTheDocument();
    expect(within(cardOf('Deleted meanwhile')).queryByText(/views?$/)).not.toBeInTheDocument();
    const viewCalls = calls.filter((call) => call.url.startsWith('/api/analytics/views?'));
    expect(viewCalls).toHaveLength(1);
    const asked = new URL(viewCalls[0]!.url, 'http://wave.test').searchParams.get('ids');
    expect(asked?.split(',').sort()).toEqual([seen.id, fresh.id, gone.id].sort());
  });

  it('serialises rapid toggles: one request at a time, only the last wish sent', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet();
    const answers: ReturnType<typeof deferred<Response>>[] = [];
    const { calls } = renderFeed([tweet], () => {
      const answer = deferred<Response>();
      answers.push(answer);
      return answer.promise;
    });
    const interactions = () => calls.filter((call) => call.url.endsWith('/like'));

    await user.click(await screen.findByRole('button', { name: 'Like' }));
    await user.click(await screen.findByRole('button', { name: 'Unlike' }));
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    await user.click(await screen.findByRole('button', { name: 'Unlike' }));
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('Like'));
    expect(interactions()).toHaveLength(1);

    answers[0]!.resolve(json(200, interaction(tweet, { isLiked: true, likesCount: 1 })));
    await waitFor(() => expect(interactions()).toHaveLength(2));
    expect(interactions().map((call) => call.method)).toEqual(['POST', 'DELETE']);
    expect(likeButton()).toHaveAccessibleName('Like');

    answers[1]!.resolve(json(200, interaction(tweet, { isLiked: false, likesCount: 0 })));
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(interactions()).toHaveLength(2);
  });

  it('retweets at once and says so', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ retweetsCount: 1 });
    renderFeed([tweet], (call) =>
      call.method === 'POST' && call.url === `/api/tweets/${tweet.id}/retweet`
        ? json(200, interaction(tweet, { isRetweeted: true, retweetsCount: 2 }))
        : json(404),
    );
    await user.click(await screen.findByRole('button', { name: 'Retweet' }));
    const undo = await screen.findByRole('button', { name: 'Undo retweet' });
    expect(undo).toHaveAttribute('aria-pressed', 'true');
    expect(undo).toHaveAccessibleDescription('2');
    expect(await screen.findByText('Retweeted!')).toBeVisible();
  });

  it('rolls a retweet back with its failure toast', async () => {
    const user = userEvent.setup();
    renderFeed([makeTweet()], () => json(503, { message: 'Service unavailable' }));
    await user.click(await screen.findByRole('button', { name: 'Retweet' }));
    expect(await screen.findByText('Failed to retweet. Please try again.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Retweet' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it.each([
    ['Like', 'Please sign in to like posts.'],
    ['Retweet', 'Please sign in to retweet posts.'],
    ['Reply', 'Please sign in to reply to posts.'],
  ])('asks a visitor to sign in on %s, without a request', async (name, message) => {
    const user = userEvent.setup();
    const { calls } = renderFeed([makeTweet()], undefined, { user: null });
    await user.click(await screen.findByRole('button', { name }));
    expect(await screen.findByText('Sign in required')).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(screen.queryByRole('form', { name: /Reply to/ })).not.toBeInTheDocument();
  });

  it("opens the post's page from a click on its body, but not from its buttons", async () => {
    const user = userEvent.setup();
    // The feed lives at / only: anywhere else, it is gone.
    renderFeed([makeTweet({ content: 'Click me through' })], undefined, { path: '/' });
    const text = await screen.findByText('Click me through');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(screen.getByRole('article')).toBeInTheDocument();
    await user.click(text);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('opens a reply box per post and posts a reply', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet();
    const { calls } = renderFeed([tweet, makeTweet()], (call) =>
      call.method === 'POST' && call.url === `/api/tweets/${tweet.id}/reply`
        ? json(201, makeTweet({ parentId: tweet.id, content: 'Nice!' }))
        : json(404),
    );
    const [first] = await screen.findAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Reply' }));
    expect(screen.getAllByRole('form', { name: 'Reply to @grace' })).toHaveLength(1);
    const box = screen.getByRole('form', { name: 'Reply to @grace' });
    const submit = within(box).getByRole('button', { name: 'Reply' });
    expect(submit).toBeDisabled();
    await user.type(within(box).getByLabelText('Post your reply'), '  Nice!  ');
    await user.click(submit);
    expect(await screen.findByText('Reply posted!')).toBeVisible();
    expect(calls.find((call) => call.url.endsWith('/reply'))?.body).toEqual({ content: 'Nice!' });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Reply to @grace' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(within(first!).getByRole('button', { name: 'Reply' })).toHaveAccessibleDescription(
        '1',
      ),
    );
  });

  it('tells when a reply fails', async () => {
    const user = userEvent.setup();
    renderFeed([makeTweet()], () => json(500));
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Post your reply'), 'Hi');
    await user.click(
      within(screen.getByRole('form', { name: 'Reply to @grace' })).getByRole('button', {
        name: 'Reply',
      }),
    );
    expect(await screen.findByText('Failed to post reply. Please try again.')).toBeVisible();
  });

  it('says at once that the device is offline, keeps the reply, and sends it when asked again', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet();
    let online = false;
    const { calls } = renderFeed([tweet], (call) => {
      if (call.method === 'POST' && call.url === `/api/tweets/${tweet.id}/reply`) {
        if (!online) throw new TypeError('Failed to fetch');
        return json(201, makeTweet({ parentId: tweet.id, content: 'From a tunnel' }));
      }
      return json(404);
    });
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const box = screen.getByRole('form', { name: 'Reply to @grace' });
    const field = within(box).getByLabelText('Post your reply');
    await user.type(field, 'From a tunnel');
    await user.click(within(box).getByRole('button', { name: 'Reply' }));
    expect(
      await screen.findByText('Your reply is still here. Send it again once you are back online.'),
    ).toBeVisible();
    expect(screen.getByText("You're offline")).toBeVisible();
    expect(field).toHaveValue('From a tunnel');

    online = true;
    await user.click(within(box).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Reply posted!')).toBeVisible();
    expect(calls.filter((call) => call.url.endsWith('/reply'))).toHaveLength(2);
  });

  it('shows the options menu to the author only', async () => {
    renderFeed([makeTweet(), makeTweet({ authorId: 'someone-else' })], undefined, {
      user: makeUser({ id: GRACE_ID, username: 'grace' }),
    });
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('button', { name: 'More options' })).toHaveLength(1);
  });

  it('lets the author edit inline', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ content: 'Helo' });
    const { calls } = renderFeed(
      [tweet],
      (call) =>
        call.method === 'PUT'
          ? json(200, { ...tweet, content: 'Hello', editedAt: new Date().toISOString() })
          : json(404),
      { user: makeUser({ id: GRACE_ID, username: 'grace' }) },
    );
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit post' });
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post updated!')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `/api/tweets/${tweet.id}`,
      body: { content: 'Hello' },
    });
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(await screen.findByText('(edited)')).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ content: 'Bye' });
    const { calls } = renderFeed(
      [tweet],
      (call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : json(404)),
      { user: makeUser({ id: GRACE_ID, username: 'grace' }) },
    );
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete post?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted!')).toBeVisible();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/tweets/${tweet.id}`);
    expect(await screen.findByText('No posts to show')).toBeInTheDocument();
    expect(screen.queryByText('Bye')).not.toBeInTheDocument();
  });

  it('pins and unpins', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet();
    renderFeed(
      [tweet],
      (call) =>
        call.url.endsWith('/pin') && call.method === 'POST'
          ? json(200, { ...tweet, isPinned: true })
          : json(500),
      { user: makeUser({ id: GRACE_ID, username: 'grace' }) },
    );
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin to profile' }));
    expect(await screen.findByText('Post pinned!')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unpin from profile' }));
    expect(await screen.findByText('Failed to unpin post. Please try again.')).toBeVisible();
  });

  it('shares through a menu without a native share sheet, and copies the link', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ content: 'Share me' });
    renderFeed([tweet]);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const url = `${window.location.origin}/tweet/${tweet.id}`;
    const intent = await screen.findByRole('menuitem', { name: 'Share on X (Twitter)' });
    expect(intent).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?text=Share+me&url=${encodeURIComponent(url)}`,
    );
    expect(intent).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('menuitem', { name: 'Share on Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\?text=/),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied!')).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });

  it('uses the native share sheet when there is one, ignoring a cancel', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const tweet = makeTweet();
      renderFeed([tweet]);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/tweet/${tweet.id}` }),
      );
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      await waitFor(() => expect(error).not.toHaveBeenCalled());
    } finally {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      error.mockRestore();
    }
  });

  it.each([
    ['a member', makeUser()],
    ['a visitor', null],
  ])('hands each post to the impression reporter, for %s', async (_, reader) => {
    const stopped: string[] = [];
    const observed: { id: string; element: Element }[] = [];
    const reporter: ImpressionObserver = {
      observe: (element, id) => {
        observed.push({ id, element });
        return () => stopped.push(id);
      },
    };
    const first = makeTweet({ content: 'First' });
    const second = makeTweet({ content: 'Second' });
    mockFetch(() => json(200, page([first, second])));
    const { unmount } = renderWithProviders(
      <ImpressionContext.Provider value={reporter}>
        <HomePage />
      </ImpressionContext.Provider>,
      { user: reader },
    );
    // A list draws its cards a step at a time.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const articles = screen.getAllByRole('article');
    expect(observed.map(({ id }) => id)).toEqual([first.id, second.id]);
    expect(observed.map(({ element }) => element)).toEqual(articles);
    unmount();
    expect(stopped.sort()).toEqual([first.id, second.id].sort());
  });
});
