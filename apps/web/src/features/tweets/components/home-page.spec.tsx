import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedItemResponse, Recommendation, UserResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import { userKeys } from '../../auth/api/current-user';
import {
  makePerson,
  makeRecommendation,
} from '../../recommendations/testing/recommendation-test-utils';
import type { FetchCall } from '../testing/tweet-test-utils';
import {
  deferred,
  json,
  makeTweet,
  makeUser,
  mockFetch,
  page,
  renderWithProviders,
} from '../testing/tweet-test-utils';
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

  // The route gives visitors the landing page; drawn for one anyway, Home has no composer.
  it('gives a visitor no composer', async () => {
    mockFetch(() => json(200, page([makeTweet()])));
    renderWithProviders(<HomePage />, { user: null });
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
    // As a browser's observer does: an element observed while the end is in view is reported
    // in view at once (the list's end moves as its cards are drawn).
    let observed: IntersectionObserverCallback | null = null;
    let endInView = false;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {
          if (endInView) {
            queueMicrotask(() =>
              this.callback(
                [{ isIntersecting: true } as IntersectionObserverEntry],
                this as unknown as IntersectionObserver,
              ),
            );
          }
        }
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
    endInView = true;
    observed!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('Three')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load more posts.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.includes('cursor=c3'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('draws the cards of a page while the end of those drawn is near the viewport', async () => {
    // Each observer with what it watches; none reports until the test says so.
    const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly record = {
          callback: null as unknown as IntersectionObserverCallback,
          observed: [] as Element[],
        };
        constructor(callback: IntersectionObserverCallback) {
          this.record.callback = callback;
          observers.push(this.record);
        }
        observe(element: Element) {
          this.record.observed.push(element);
        }
        disconnect() {}
      },
    );
    const tweets = Array.from({ length: 20 }, (_, index) =>
      makeTweet({ content: `Post number ${index + 1}` }),
    );
    mockFetch(() => json(200, page(tweets)));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Post number 1')).toBeInTheDocument();
    // The first step is drawn; the rest waits for the reader to come near.
    await act(async () => {});
    expect(screen.getAllByRole('article')).toHaveLength(3);

    const drawnEnd = observers.find(({ observed }) =>
      observed.some((element) => element.getAttribute('aria-hidden') === 'true'),
    );
    expect(drawnEnd).toBeDefined();
    act(() =>
      drawnEnd?.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(screen.getByText('Post number 20')).toBeInTheDocument();
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

  describe('for a new member (following nobody)', () => {
    const PEOPLE_URL = '/api/ai/recommendations?maxRecommendations=5&contentType=user';
    const POPULAR_URL = '/api/ai/recommendations?maxRecommendations=10&contentType=post';
    const newMember = makeUser({ followingCount: 0 });

    const grace = makePerson('grace', 'Grace Hopper', { reason: 'Popular on Wave' });
    const linus = makePerson('linus', 'Linus Torvalds', { reason: 'Posts about #linux' });
    const first = makeTweet({ content: 'The most liked post today' });
    const second = makeTweet({ content: 'A close second' });
    const asRecommended = (tweet: FeedItemResponse): Recommendation =>
      makeRecommendation({ contentId: tweet.id, content: tweet.content });

    type Answer = Response | Promise<Response>;

    /** The home page's calls: the feed, the two recommendation lists, posts, follows, me. */
    function homeApi({
      feed = () => json(200, page([])),
      people = () => json(200, [grace, linus]),
      popular = () => json(200, [asRecommended(first), asRecommended(second)]),
      tweets = [first, second],
      follow = (call) =>
        json(200, { userId: call.url.split('/')[3], isFollowing: true, followersCount: 1 }),
      me = () => json(200, makeUser({ followingCount: 1 })),
    }: {
      feed?: (call: FetchCall) => Answer;
      people?: (call: FetchCall) => Answer;
      popular?: (call: FetchCall) => Answer;
      tweets?: FeedItemResponse[];
      follow?: (call: FetchCall) => Answer;
      me?: (call: FetchCall) => Answer;
    } = {}) {
      return (call: FetchCall): Answer => {
        if (call.url.startsWith('/api/tweets?')) return feed(call);
        if (call.url === PEOPLE_URL) return people(call);
        if (call.url === POPULAR_URL) return popular(call);
        if (call.url.startsWith('/api/tweets/')) {
          const tweet = tweets.find((item) => call.url === `/api/tweets/${item.id}`);
          return tweet ? json(200, tweet) : json(404, { message: 'Tweet not found' });
        }
        if (call.url.endsWith('/follow')) return follow(call);
        if (call.url === '/api/user') return me(call);
        return json(404, { message: `Unexpected ${call.method} ${call.url}` });
      };
    }

    function renderHome(
      api: Parameters<typeof homeApi>[0] = {},
      user: UserResponse | null = newMember,
    ) {
      const { calls } = mockFetch(homeApi(api));
      const result = renderWithProviders(<HomePage />, { user });
      const requests = () => calls.map((call) => `${call.method} ${call.url}`);
      return { ...result, calls, requests };
    }

    const welcome = () => screen.queryByRole('heading', { level: 2, name: 'Welcome to Wave' });
    const popularHeading = () =>
      screen.queryByRole('heading', { level: 2, name: 'Popular on Wave' });

    it('welcomes them with people to follow, and shows popular posts in place of the empty feed', async () => {
      const { requests } = renderHome();

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Welcome to Wave' }),
      ).toBeVisible();
      expect(
        screen.getByText(
          'Your home feed shows posts from people you follow. Follow a few people to get started.',
        ),
      ).toBeVisible();
      expect(screen.getByRole('textbox', { name: 'What is happening?!' })).toBeInTheDocument();

      const people = await screen.findByRole('list', { name: 'Who to follow' });
      const rows = within(people).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('Grace Hopper@gracePopular on Wave');
      expect(rows[1]).toHaveTextContent('Linus Torvalds@linusPosts about #linux');
      expect(within(people).getByRole('button', { name: 'Follow Grace Hopper' })).toBeVisible();

      expect(await screen.findByText('The most liked post today')).toBeVisible();
      expect(popularHeading()).toBeVisible();
      const posts = within(screen.getByRole('region', { name: 'Popular on Wave' })).getAllByRole(
        'article',
      );
      expect(posts).toHaveLength(2);
      expect(posts[0]).toHaveTextContent('The most liked post today');
      expect(posts[1]).toHaveTextContent('A close second');
      expect(screen.queryByText('No posts to show')).not.toBeInTheDocument();

      // The popular posts are asked for once the feed is known to be empty, each read on its own
      // (the cards' view counts, read by the cards themselves, are left out).
      const ours = requests().filter((request) => !request.includes('/api/analytics/'));
      expect(ours.sort()).toEqual(
        [
          'GET /api/tweets?limit=20',
          `GET ${PEOPLE_URL}`,
          `GET ${POPULAR_URL}`,
          `GET /api/tweets/${first.id}`,
          `GET /api/tweets/${second.id}`,
        ].sort(),
      );
    });

    it('shows placeholders while the popular posts load', async () => {
      const popular = deferred<Response>();
      renderHome({ popular: () => popular.promise });
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Popular on Wave' }),
      ).toBeVisible();
      expect(screen.getAllByTestId('tweet-skeleton')).toHaveLength(5);
      expect(screen.queryByText('No posts to show')).not.toBeInTheDocument();

      popular.resolve(json(200, [asRecommended(first)]));
      expect(await screen.findByText('The most liked post today')).toBeVisible();
      expect(screen.queryAllByTestId('tweet-skeleton')).toHaveLength(0);
    });

    it('leaves out a popular post that cannot be read', async () => {
      const gone = makeRecommendation({ content: 'Deleted since' });
      renderHome({
        popular: () => json(200, [asRecommended(first), gone, asRecommended(second)]),
      });
      expect(await screen.findByText('A close second')).toBeVisible();
      const posts = within(screen.getByRole('region', { name: 'Popular on Wave' })).getAllByRole(
        'article',
      );
      expect(posts).toHaveLength(2);
      expect(screen.queryByText('Deleted since')).not.toBeInTheDocument();
    });

    it('says there are no posts when nothing is popular', async () => {
      renderHome({ popular: () => json(200, []) });
      expect(await screen.findByText('No posts to show')).toBeVisible();
      expect(popularHeading()).toBeVisible();
      expect(welcome()).toBeVisible();
    });

    it('shows their feed, not popular posts, when it has posts', async () => {
      const { requests } = renderHome({
        feed: () => json(200, page([makeTweet({ content: 'My first post' })])),
      });
      expect(await screen.findByText('My first post')).toBeVisible();
      expect(welcome()).toBeVisible();
      expect(popularHeading()).not.toBeInTheDocument();
      await screen.findByRole('list', { name: 'Who to follow' });
      expect(requests()).not.toContain(`GET ${POPULAR_URL}`);
    });

    it('keeps the welcome after they follow someone from it, and the feed is read again', async () => {
      const user = userEvent.setup();
      const gracePost = makeTweet({ content: 'Grace writes about compilers' });
      let followedGrace = false;
      const { requests, queryClient } = renderHome({
        feed: () => json(200, page(followedGrace ? [gracePost] : [])),
        follow: (call) => {
          followedGrace = true;
          return json(200, {
            userId: call.url.split('/')[3],
            isFollowing: true,
            followersCount: 1,
          });
        },
      });
      expect(await screen.findByText('The most liked post today')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Follow Grace Hopper' }));
      expect(screen.getByRole('button', { name: 'Following Grace Hopper' })).toBeVisible();

      // The reader is read again (now following 1), and so is the feed (Grace's posts).
      expect(await screen.findByText('Grace writes about compilers')).toBeVisible();
      await waitFor(() =>
        expect(queryClient.getQueryData<UserResponse>(userKeys.current)?.followingCount).toBe(1),
      );
      expect(requests()).toContain('GET /api/user');
      expect(requests()).toContain(`POST /api/users/${grace.contentId}/follow`);
      expect(requests().filter((request) => request === 'GET /api/tweets?limit=20')).toHaveLength(
        2,
      );

      expect(welcome()).toBeVisible();
      expect(screen.getByRole('button', { name: 'Following Grace Hopper' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Follow Linus Torvalds' })).toBeVisible();
      // The feed has posts now: it shows them, not the popular ones.
      expect(popularHeading()).not.toBeInTheDocument();
    });

    it('shows a member who follows people the normal empty feed, with no welcome', async () => {
      const { requests } = renderHome({}, makeUser({ followingCount: 3 }));
      expect(await screen.findByText('No posts to show')).toBeVisible();
      expect(welcome()).not.toBeInTheDocument();
      expect(popularHeading()).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Who to follow' })).not.toBeInTheDocument();
      expect(requests()).toEqual(['GET /api/tweets?limit=20']);
    });

    it('shows a visitor neither the welcome nor popular posts', async () => {
      const { requests } = renderHome({}, null);
      expect(await screen.findByText('No posts to show')).toBeVisible();
      expect(welcome()).not.toBeInTheDocument();
      expect(popularHeading()).not.toBeInTheDocument();
      expect(requests()).toEqual(['GET /api/tweets?limit=20']);
    });
  });
});
