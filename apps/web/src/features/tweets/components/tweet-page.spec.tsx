import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../components/ui/use-toast';
import { PAGE_META_ATTRIBUTE } from '../../../lib/page-meta';
import { json, makeTweet, mockFetch, page, renderWithProviders } from '../testing/tweet-test-utils';
import TweetPage from './tweet-page';

const renderAt = (id: string, options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<TweetPage />, { route: `/tweet/${id}`, path: '/tweet/:id', ...options });

describe('TweetPage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the post, a reply box and the replies', async () => {
    const user = userEvent.setup();
    const tweet = makeTweet({ content: 'The post', repliesCount: 1 });
    const reply = makeTweet({ content: 'A reply', parentId: tweet.id });
    const { calls } = mockFetch((call) => {
      if (call.url === `/api/tweets/${tweet.id}`) return json(200, tweet);
      if (call.url.startsWith(`/api/tweets/${tweet.id}/replies`)) return json(200, page([reply]));
      if (call.url === `/api/tweets/${tweet.id}/reply`) {
        return json(201, makeTweet({ content: 'Mine', parentId: tweet.id }));
      }
      return json(404);
    });
    renderAt(tweet.id);
    expect(await screen.findByText('The post')).toBeInTheDocument();
    expect(await screen.findByText('A reply')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: 'Post your reply' });
    await user.click(screen.getAllByRole('button', { name: 'Reply' })[0]!);
    expect(field).toHaveFocus();
    await user.type(field, 'Mine');
    await user.click(
      within(screen.getByRole('form', { name: 'Reply to @grace' })).getByRole('button', {
        name: 'Reply',
      }),
    );
    expect(await screen.findByText('Reply posted!')).toBeVisible();
    expect(calls.find((call) => call.url.endsWith('/reply'))?.body).toEqual({ content: 'Mine' });
  });

  it('says clearly when the post does not exist', async () => {
    mockFetch(() => json(404, { message: 'Tweet not found' }));
    renderAt('0190a1b2-9999-7000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText("This post doesn't exist or has been removed.")).toBeInTheDocument();
  });

  it('treats a malformed id as not found', async () => {
    mockFetch(() => json(400, { message: 'Invalid id' }));
    renderAt('nope');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });

  it('has no reply box for visitors, and says when there are no replies', async () => {
    const tweet = makeTweet({ content: 'Lonely post' });
    mockFetch((call) =>
      call.url === `/api/tweets/${tweet.id}` ? json(200, tweet) : json(200, page([])),
    );
    renderAt(tweet.id, { user: null });
    expect(await screen.findByText('Lonely post')).toBeInTheDocument();
    expect(await screen.findByText('No replies yet')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows a visitor the sign-up banner, 'Get Started' to /auth, and a member none", async () => {
    const tweet = makeTweet({ content: 'Shared post' });
    mockFetch((call) =>
      call.url === `/api/tweets/${tweet.id}` ? json(200, tweet) : json(200, page([])),
    );
    const { unmount } = renderAt(tweet.id, { user: null });
    expect(await screen.findByText('Shared post')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New to Wave?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    unmount();

    renderAt(tweet.id);
    expect(await screen.findByText('Shared post')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it("carries the post's title and its SocialMediaPosting markup, once, in place of the server's", async () => {
    const tweet = makeTweet({ content: 'Marked up for crawlers' });
    mockFetch((call) =>
      call.url === `/api/tweets/${tweet.id}` ? json(200, tweet) : json(200, page([])),
    );
    // What the web server rendered into the first page's head.
    const server = document.createElement('script');
    server.type = 'application/ld+json';
    server.setAttribute(PAGE_META_ATTRIBUTE, '');
    server.textContent = JSON.stringify({ '@type': 'SocialMediaPosting', identifier: tweet.id });
    document.head.append(server);

    const { unmount } = renderAt(tweet.id, { user: null });
    expect(await screen.findByText('Marked up for crawlers')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(document.title).toBe(`${tweet.author.displayName} on Wave: "Marked up for crawlers"`),
    );
    const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).not.toBe(server);
    expect(JSON.parse(scripts[0]!.textContent ?? '')).toMatchObject({
      '@type': 'SocialMediaPosting',
      url: `${window.location.origin}/tweet/${tweet.id}`,
      headline: 'Marked up for crawlers',
      author: { name: tweet.author.displayName },
    });
    unmount();
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });
});
