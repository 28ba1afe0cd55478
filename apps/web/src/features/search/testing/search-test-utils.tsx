import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { SearchResult, TrendResponse, UserResponse } from '@wave/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useParams, useSearchParams } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { userKeys } from '../../auth/api/current-user';

/** The signed-in user. */
export const makeUser = (overrides: Partial<UserResponse> = {}): UserResponse => ({
  id: '0190a1b2-0000-7000-8000-000000000001',
  username: 'ada',
  displayName: 'Ada Lovelace',
  firstName: null,
  lastName: null,
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

let counter = 0;
const nextId = () => {
  counter += 1;
  return `0190a1b2-3333-7000-8000-${String(counter).padStart(12, '0')}`;
};

/** A user result, as GET /api/search answers. */
export const makeUserResult = (overrides: Partial<SearchResult> = {}): SearchResult => ({
  type: 'user',
  id: nextId(),
  username: 'grace',
  displayName: 'Grace Hopper',
  content: null,
  count: null,
  verified: false,
  createdAt: null,
  ...overrides,
});

/** A post result, by Grace. */
export const makePostResult = (overrides: Partial<SearchResult> = {}): SearchResult => ({
  type: 'post',
  id: nextId(),
  username: 'grace',
  displayName: 'Grace Hopper',
  content: 'Hello, Wave!',
  count: null,
  verified: false,
  createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
  ...overrides,
});

/** A hashtag result: the tag as id, '#tag' as content, and the posts using it. */
export const makeHashtagResult = (tag: string, count: number): SearchResult => ({
  type: 'hashtag',
  id: tag,
  username: null,
  displayName: null,
  content: `#${tag}`,
  count,
  verified: false,
  createdAt: null,
});

export const makeTrend = (tag: string, count: number): TrendResponse => ({
  name: `#${tag}`,
  tag,
  count,
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
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/** Replaces fetch with a mock that hands every call to `handler` and records the calls. */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method: (init.method ?? 'GET').toUpperCase(), url, body };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The search calls' query parameters, in order. */
    searches: () =>
      calls
        .filter((call) => call.url.startsWith('/api/search?'))
        .map((call) => Object.fromEntries(new URLSearchParams(call.url.split('?')[1]))),
    analytics: () => calls.filter((call) => call.url === '/api/search/analytics'),
  };
}

/** A promise to settle from the test. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Answers search calls with `results` (or what `search` returns for the
 * query), trends with `trends`, and analytics with 204.
 */
export function searchApi({
  results = [],
  search,
  trends = [],
  analyticsStatus = 204,
}: {
  results?: SearchResult[];
  search?: (params: URLSearchParams) => Response | Promise<Response>;
  trends?: TrendResponse[];
  analyticsStatus?: number;
} = {}): Handler {
  return (call) => {
    if (call.url.startsWith('/api/search?')) {
      const params = new URLSearchParams(call.url.split('?')[1]);
      return search ? search(params) : json(200, results);
    }
    if (call.url === '/api/search/analytics') {
      return analyticsStatus === 204
        ? new Response(null, { status: 204 })
        : json(analyticsStatus, { message: 'Analytics unavailable' });
    }
    if (call.url.startsWith('/api/trends')) return json(200, trends);
    return json(404, { message: 'Not found' });
  };
}

function ProfileRoute() {
  const { userIdentifier } = useParams();
  return <h1>Profile of {userIdentifier}</h1>;
}

function TweetRoute() {
  const { id } = useParams();
  return <h1>Post {id}</h1>;
}

function ExploreRoute() {
  const [searchParams] = useSearchParams();
  return <h1>Explore {searchParams.get('q')}</h1>;
}

const installShims = () => {
  const element = Element.prototype as Partial<Pick<Element, 'scrollIntoView'>>;
  element.scrollIntoView ??= () => undefined;
};

/**
 * Renders with a fresh query client (the app's defaults), the signed-in user
 * (`null` for a visitor), and a memory router at `route` with stand-ins for a
 * profile, a post page and Explore.
 */
export function renderWithProviders(
  ui: ReactElement,
  { user = makeUser(), route = '/' }: { user?: UserResponse | null; route?: string } = {},
): ReturnType<typeof render> & { queryClient: QueryClient } {
  installShims();
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.current, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
          <Route path="/profile/:userIdentifier" element={<ProfileRoute />} />
          <Route path="/tweet/:id" element={<TweetRoute />} />
          <Route path="/explore" element={<ExploreRoute />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
