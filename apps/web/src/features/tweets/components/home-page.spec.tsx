import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../components/ui/use-toast';
import { json, makeTweet, mockFetch, page, renderWithProviders } from '../testing/tweet-test-utils';
import HomePage from './home-page';

describe('HomePage', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the header, the composer and 5 skeleton rows while the feed loads', () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'What is happening?!' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(screen.getAllByTestId('tweet-skeleton')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('says when the feed is empty', async () => {
    mockFetch(() => json(200, page([])));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('No posts to show')).toBeInTheDocument();
  });

  it('shows visitors the banner and no composer', async () => {
    mockFetch(() => json(200, page([makeTweet()])));
    renderWithProviders(<HomePage />, { user: null });
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('loads the next page by its cursor with the Load more button', async () => {
    const user = userEvent.setup();
    const first = makeTweet({ content: 'Page one' });
    const second = makeTweet({ content: 'Page two' });
    const { calls } = mockFetch((call) =>
      call.url.includes('cursor=next-1')
        ? json(200, page([second]))
        : json(200, page([first], 'next-1')),
    );
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Page one')).toBeInTheDocument();
    const feedCalls = () => calls.filter((call) => call.url.startsWith('/api/tweets'));
    expect(feedCalls()[0]?.url).toBe('/api/tweets?limit=20');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    expect(feedCalls().at(-1)?.url).toBe('/api/tweets?limit=20&cursor=next-1');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument(),
    );
  });

  it('loads the next page when the end of the list comes into view', async () => {
    let observed: IntersectionObserverCallback | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { calls } = mockFetch((call) =>
      call.url.includes('cursor=')
        ? json(200, page([makeTweet({ content: 'More' })]))
        : json(200, page([makeTweet()], 'c2')),
    );
    renderWithProviders(<HomePage />);
    await screen.findByRole('button', { name: 'Load more' });
    await waitFor(() => expect(observed).not.toBeNull());
    observed!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('More')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/tweets')).at(-1)?.url).toContain(
      'cursor=c2',
    );
  });

  it('keeps loading while the end stays in view, but not after a failed page', async () => {
    let observed: IntersectionObserverCallback | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { calls } = mockFetch((call) => {
      if (call.url.includes('cursor=c3')) return json(500, { message: 'Boom' });
      if (call.url.includes('cursor=c2'))
        return json(200, page([makeTweet({ content: 'Three' })], 'c3'));
      if (call.url.includes('cursor=c1'))
        return json(200, page([makeTweet({ content: 'Two' })], 'c2'));
      return json(200, page([makeTweet({ content: 'One' })], 'c1'));
    });
    renderWithProviders(<HomePage />);
    await screen.findByText('One');
    await waitFor(() => expect(observed).not.toBeNull());
    observed!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('Three')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load more posts.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.includes('cursor=c3'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('offers to try again when the feed fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(() => (fail ? json(503, { message: 'Down' }) : json(200, page([]))));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Failed to load posts.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No posts to show')).toBeInTheDocument();
  });
});
