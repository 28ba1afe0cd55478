import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from '../features/theme/theme';
import { createQueryClient } from '../lib/query-client';
import type { FetchCall } from '../features/tweets/testing/tweet-test-utils';
import {
  deferred,
  installDomShims,
  json,
  makeTweet,
  makeUser,
  mockFetch,
  page,
} from '../features/tweets/testing/tweet-test-utils';
import {
  makeComment,
  makeDetail,
  makePost,
} from '../features/communities/testing/community-test-utils';
import { routes } from './router';

// Each page is a lazy chunk, which the test runner transforms on its first import: on a busy
// machine that alone can take more than the default second.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 15_000 });

/**
 * The app's routes at `path`, with `/api/user` and the feeds answered by `handler` (and the right
 * column's recommendations with none).
 */
function renderAt(path: string, handler: (call: FetchCall) => Response | Promise<Response>) {
  installDomShims();
  const fetch = mockFetch((call) =>
    call.url.startsWith('/api/ai/recommendations') ? json(200, []) : handler(call),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...fetch, router };
}

const visitor = (call: FetchCall) =>
  call.url === '/api/user' ? json(401, { message: 'Not signed in' }) : json(200, page([]));
const member = (call: FetchCall) =>
  call.url === '/api/user' ? json(200, makeUser()) : json(200, page([]));

describe('the route table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading...' until the reader is known", async () => {
    const user = deferred<Response>();
    renderAt('/', (call) => (call.url === '/api/user' ? user.promise : json(200, page([]))));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    user.resolve(json(401, { message: 'Not signed in' }));
    expect(await screen.findByRole('link', { name: 'Join now' })).toBeInTheDocument();
  });

  it('gives a member the home feed at / and a visitor the landing page', async () => {
    renderAt('/', member);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it.each([
    '/profile',
    '/explore',
    '/notifications',
    '/messages',
    '/bookmarks',
    '/communities',
    '/community/0190a1b2-2222-7000-8000-000000000001',
    '/community/0190a1b2-2222-7000-8000-000000000001/manage',
  ])('shows a visitor the landing page at the member page %s', async (path) => {
    renderAt(path, visitor);
    expect(await screen.findByRole('link', { name: 'Join now' })).toBeInTheDocument();
  });

  it('gives a member the communities list', async () => {
    renderAt('/communities', member);
    expect(await screen.findByRole('heading', { name: 'Communities' })).toBeInTheDocument();
    expect(await screen.findByText('No communities found')).toBeInTheDocument();
  });

  it("gives a member Explore, in the shell with the sidebar's search and live trends", async () => {
    const handler = (call: FetchCall) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url === '/api/trends?limit=5') {
        return json(200, [{ name: '#nx', tag: 'nx', count: 7 }]);
      }
      return json(404, { message: 'Not found' });
    };
    renderAt('/explore', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    expect(
      screen.getByRole('combobox', { name: 'Search posts, people and hashtags' }),
    ).toBeInTheDocument();
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('combobox', { name: 'Search Wave' })).toBeInTheDocument();
    const trends = await within(sidebar).findByRole('list', { name: "What's happening" });
    expect(trends).toHaveTextContent('#nx7 posts');
  });

  it("opens Explore's trending topics, more of them, from 'Show more' under What's happening", async () => {
    const trend = (n: number) => ({ name: `#t${n}`, tag: `t${n}`, count: 100 - n });
    const handler = (call: FetchCall) => {
      if (call.url === '/api/user') return json(200, makeUser());
      const limit = /^\/api\/trends\?limit=(\d+)$/.exec(call.url)?.[1];
      if (limit)
        return json(
          200,
          Array.from({ length: Number(limit) }, (_, i) => trend(i + 1)),
        );
      return json(200, page([]));
    };
    const { router } = renderAt('/', handler);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const sidebarTrends = await within(sidebar).findByRole('list', { name: "What's happening" });
    expect(within(sidebarTrends).getAllByRole('listitem')).toHaveLength(5);
    await userEvent.setup().click(within(sidebar).getByRole('link', { name: 'Show more' }));
    expect(router.state.location.pathname).toBe('/explore');
    expect(router.state.location.hash).toBe('#trending');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Trending topics' });
    const topics = await screen.findByRole('list', { name: 'Trending topics' });
    expect(within(topics).getAllByRole('listitem')).toHaveLength(10);
    expect(topics).toHaveTextContent('#t10');
    expect(heading).toHaveFocus();
  });

  it('keeps the shell, and what is typed in its search, from page to page', async () => {
    const id = '0190a1b2-0000-7000-8000-0000000000ab';
    const { router } = renderAt('/', (call) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url === `/api/tweets/${id}`) return json(200, makeTweet({ id, content: 'Kept' }));
      return json(200, page([]));
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    // The right column is drawn just after the page's content.
    const box = within(await screen.findByRole('complementary', { name: 'Sidebar' })).getByRole(
      'combobox',
      { name: 'Search Wave' },
    );
    await userEvent.setup().type(box, 'loom');
    await act(() => router.navigate(`/tweet/${id}`));
    expect(await screen.findByText('Kept')).toBeInTheDocument();
    // The same box, not a new one: a page's code loading never unmounts the shell.
    expect(screen.getByRole('combobox', { name: 'Search Wave' })).toBe(box);
    expect(box).toHaveValue('loom');
  });

  it("keeps the server's head tags on the first page and drops them on the next", async () => {
    const id = '0190a1b2-0000-7000-8000-0000000000ac';
    document.head.innerHTML = `
      <meta name="description" content="Server text" data-page-meta="description" />
      <title data-page-meta="title">Server title</title>
      <meta property="og:title" content="Server title" data-page-meta />`;
    const { router } = renderAt(`/tweet/${id}`, (call) => {
      if (call.url === '/api/user') return json(401, { message: 'Not signed in' });
      if (call.url === `/api/tweets/${id}`) return json(200, makeTweet({ id, content: 'First' }));
      return json(200, page([]));
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull();

    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { level: 1, name: /About/ })).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.head.querySelector('title:not([data-page-meta])')).toHaveTextContent('Wave');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).not.toBe(
      'Server text',
    );
  });

  it('sends /communities/:id to the community page', async () => {
    const detail = makeDetail({ name: 'Rustaceans' });
    const handler = (call: FetchCall) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url === `/api/communities/${detail.id}`) return json(200, detail);
      return json(404, { message: 'Not found' });
    };
    const { router } = renderAt(`/communities/${detail.id}`, handler);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Rustaceans/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/community/${detail.id}`);
  });

  it("opens a shared post link on the post's own page, with its comments", async () => {
    const post = makePost({ content: 'Shared post' });
    const detail = makeDetail({ name: 'Rustaceans' });
    const handler = (call: FetchCall) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url === `/api/communities/${detail.id}`) return json(200, detail);
      if (call.url === `/api/posts/${post.id}`) return json(200, post);
      if (call.url.startsWith(`/api/posts/${post.id}/comments?`)) {
        return json(200, page([makeComment({ postId: post.id, content: 'A comment' })]));
      }
      return json(404, { message: 'Not found' });
    };
    const { router } = renderAt(`/community/${detail.id}/post/${post.id}`, handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    expect(await screen.findByText('Shared post')).toBeInTheDocument();
    expect(await screen.findByText('A comment')).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Back to Rustaceans' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Rustaceans/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/community/${detail.id}`);
  });

  it("takes a community's owner from its page to its management screen", async () => {
    const detail = makeDetail({
      name: 'Rustaceans',
      isMember: true,
      role: 'owner',
      memberInfo: { role: 'owner', joinedAt: '2026-03-03T10:00:00.000Z' },
    });
    const handler = (call: FetchCall) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url === `/api/communities/${detail.id}`) return json(200, detail);
      if (call.url.startsWith(`/api/communities/${detail.id}/members?`)) return json(200, page([]));
      return json(404, { message: 'Not found' });
    };
    const { router } = renderAt(`/community/${detail.id}`, handler);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Manage community' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Rustaceans' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/community/${detail.id}/manage`);
  });

  it('shows a visitor the landing page at a shared post link', async () => {
    renderAt(
      '/community/0190a1b2-2222-7000-8000-000000000001/post/0190a1b2-3333-7000-8000-000000000001',
      visitor,
    );
    expect(await screen.findByRole('link', { name: 'Join now' })).toBeInTheDocument();
  });

  it('sends a member who opens /auth home without ever drawing the sign-in page', async () => {
    const drawn: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('[role="tab"], form')) drawn.push(document.body.innerHTML);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { router } = renderAt('/auth', member);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    observer.disconnect();
    expect(router.state.location.pathname).toBe('/');
    expect(drawn.filter((html) => html.includes('Sign In'))).toEqual([]);
    // A redirect, not a visit: Back does not return to /auth.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a visitor /auth once it is known they are not signed in', async () => {
    renderAt('/auth', visitor);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['/', member, 'Home · Wave'],
    ['/', visitor, 'Wave: a social platform for authentic connections'],
    ['/auth', visitor, 'Sign in · Wave'],
    ['/auth?tab=signup', visitor, 'Sign up · Wave'],
    ['/nowhere', visitor, 'Page not found · Wave'],
  ])('titles %s (%#) descriptively', async (path, reader, title) => {
    renderAt(path, reader);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sends a visitor from /analytics to /auth', async () => {
    const { router } = renderAt('/analytics', visitor);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("takes a member to Analytics from the sidebar's link", async () => {
    const handler = (call: FetchCall) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url.startsWith('/api/analytics/user/')) {
        return json(200, {
          overview: {
            totalViews: 5,
            totalLikes: 0,
            totalReplies: 0,
            totalFollowers: 0,
            growth: { views: 0, likes: 0, replies: 0, followers: 0 },
          },
          topPosts: [],
          dailyStats: [],
          demographics: { engagementByHour: [], topHashtags: [], followerGrowth: [] },
        });
      }
      return json(200, page([]));
    };
    const { router } = renderAt('/', handler);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: /Analytics/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/analytics');
  });

  it("shows a visitor the SEO dashboard's 'Access Denied'", async () => {
    renderAt('/seo-dashboard', visitor);
    expect(
      await screen.findByText('Please log in to access the SEO Dashboard.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join now' })).not.toBeInTheDocument();
  });

  it('gives a member the SEO dashboard', async () => {
    renderAt('/seo-dashboard', (call) => {
      if (call.url === '/api/user') return json(200, makeUser());
      if (call.url === '/api/seo/analytics') {
        return json(200, {
          summary: { totalPageViews: 0, avgSEOScore: 0, totalIssues: 0 },
          totalPages: 0,
          analyses: {},
        });
      }
      return json(404, { message: 'Not found' });
    });
    expect(await screen.findByText('Auto-SEO Active')).toBeInTheDocument();
    expect(await screen.findByRole('tablist', { name: 'SEO dashboard' })).toBeInTheDocument();
  });

  it("says it can't reach Wave at the SEO dashboard when the check fails, not 'Access Denied'", async () => {
    renderAt('/seo-dashboard', (call) => {
      if (call.url === '/api/user') throw new TypeError('Failed to fetch');
      return json(404, { message: 'Not found' });
    });
    expect(await screen.findByRole('heading', { name: "Can't reach Wave" })).toBeInTheDocument();
    expect(screen.queryByText(/Access Denied/)).not.toBeInTheDocument();
  });

  it('serves the static pages to everyone', async () => {
    renderAt('/about', visitor);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join now' })).not.toBeInTheDocument();
  });

  it("answers an unknown path with 'Page Not Found'", async () => {
    renderAt('/no/such/page', visitor);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it("says it can't reach Wave when the check fails (offline), not that the reader is a visitor", async () => {
    let online = false;
    renderAt('/', (call) => {
      if (call.url !== '/api/user') return json(200, page([]));
      if (!online) throw new TypeError('Failed to fetch');
      return json(200, makeUser());
    });
    expect(await screen.findByRole('heading', { name: "Can't reach Wave" })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join now' })).not.toBeInTheDocument();

    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('checks again by itself when the browser is back online', async () => {
    let online = false;
    renderAt('/', (call) => {
      if (call.url !== '/api/user') return json(200, page([]));
      if (!online) throw new TypeError('Failed to fetch');
      return json(200, makeUser());
    });
    expect(await screen.findByRole('heading', { name: "Can't reach Wave" })).toBeInTheDocument();
    online = true;
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('still serves the static pages when the check fails', async () => {
    const { calls } = renderAt('/help', (call) => {
      if (call.url === '/api/user') throw new TypeError('Failed to fetch');
      return json(200, page([]));
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "Can't reach Wave" })).not.toBeInTheDocument();
    // And it asks once: no loop of retries while the page shows.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call.url === '/api/user').length).toBeLessThanOrEqual(1);
  });

  it('shows a public post when the check fails, asking only once', async () => {
    const { calls } = renderAt('/tweet/0190a1b2-0000-7000-8000-0000000000aa', (call) => {
      if (call.url === '/api/user') throw new TypeError('Failed to fetch');
      // Its replies are a (empty) page.
      if (call.url !== '/api/tweets/0190a1b2-0000-7000-8000-0000000000aa') {
        return json(200, page([]));
      }
      return json(
        200,
        makeTweet({ id: '0190a1b2-0000-7000-8000-0000000000aa', content: 'Still here' }),
      );
    });
    expect(await screen.findByText('Still here')).toBeInTheDocument();
    expect(await screen.findByText('No replies yet')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call.url === '/api/user')).toHaveLength(1);
  });
});
