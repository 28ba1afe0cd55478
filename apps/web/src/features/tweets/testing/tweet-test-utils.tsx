import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { FeedItemResponse, Page, UserResponse } from '@wave/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { userKeys } from '../../auth/api/current-user';

export const ADA_ID = '0190a1b2-0000-7000-8000-000000000001';
export const GRACE_ID = '0190a1b2-0000-7000-8000-000000000002';

/** A user as the API answers. */
export const makeUser = (overrides: Partial<UserResponse> = {}): UserResponse => ({
  id: ADA_ID,
  username: 'ada',
  displayName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: null,
  profileImageUrl: null,
  coverImageUrl: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  followersCount: 0,
  followingCount: 0,
  pinnedTweetId: null,
  verified: false,
  ...overrides,
});

let tweetCounter = 0;

/** A post by Grace (not the default signed-in user), with no likes or retweets. */
export const makeTweet = (overrides: Partial<FeedItemResponse> = {}): FeedItemResponse => {
  tweetCounter += 1;
  return {
    id: `0190a1b2-1111-7000-8000-${String(tweetCounter).padStart(12, '0')}`,
    content: 'Hello, Wave!',
    authorId: GRACE_ID,
    author: {
      id: GRACE_ID,
      username: 'grace',
      displayName: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
      verified: false,
    },
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    editedAt: null,
    imageUrl: null,
    imageUrls: [],
    linkPreview: null,
    parentId: null,
    repliesCount: 0,
    retweetsCount: 0,
    likesCount: 0,
    isLiked: false,
    isRetweeted: false,
    isPinned: false,
    retweetedBy: null,
    ...overrides,
  };
};

export const page = <T,>(items: T[], nextCursor: string | null = null): Page<T> => ({
  items,
  nextCursor,
});

/** A post as an infinite list's cache holds it. */
export const infinite = <T,>(...pages: Page<T>[]) => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});

export const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/** Replaces fetch with a mock that hands every call to `handler` and records the calls. */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call = { method: (init.method ?? 'GET').toUpperCase(), url, body, headers };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** A promise to settle from the test. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** What jsdom lacks and Radix's menus use. */
export function installDomShims(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  const element = Element.prototype as Partial<
    Pick<Element, 'scrollIntoView' | 'hasPointerCapture' | 'releasePointerCapture'>
  >;
  element.scrollIntoView ??= () => undefined;
  element.hasPointerCapture ??= () => false;
  element.releasePointerCapture ??= () => undefined;
}

/**
 * Renders with a fresh query client (the app's defaults), the signed-in user
 * (`null` for a visitor), a memory router at `route` (the element mounted at
 * `path`) and the toaster.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    user = makeUser(),
    route = '/',
    path = '*',
    queryClient = createQueryClient(),
  }: {
    user?: UserResponse | null;
    route?: string;
    path?: string;
    queryClient?: QueryClient;
  } = {},
): ReturnType<typeof render> & { queryClient: QueryClient } {
  installDomShims();
  queryClient.setQueryData(userKeys.current, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/auth" element={<p>Auth page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
