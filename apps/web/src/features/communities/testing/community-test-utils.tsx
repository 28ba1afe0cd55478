import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type {
  CommunityAuthor,
  CommunityCommentResponse,
  CommunityDetailResponse,
  CommunityJoinRequestResponse,
  CommunityMemberResponse,
  CommunityPostResponse,
  CommunitySummary,
  Page,
  UserResponse,
} from '@wave/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { userKeys } from '../../auth/api/current-user';
import { ThemeProvider } from '../../theme/theme';

export const ADA_ID = '0190a1b2-0000-7000-8000-000000000001';
export const GRACE_ID = '0190a1b2-0000-7000-8000-000000000002';
export const COMMUNITY_ID = '0190a1b2-2222-7000-8000-000000000001';

/** The signed-in reader, as the API answers. */
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

let counter = 0;
const nextId = (group: string) => {
  counter += 1;
  return `0190a1b2-${group}-7000-8000-${String(counter).padStart(12, '0')}`;
};

/** A public Technology community the reader is not a member of. */
export const makeCommunity = (overrides: Partial<CommunitySummary> = {}): CommunitySummary => ({
  id: nextId('2222'),
  name: 'Rustaceans',
  description: 'Everything Rust.',
  iconUrl: null,
  category: 'Technology',
  isPrivate: false,
  memberCount: 1200,
  postCount: 0,
  rules: [],
  createdAt: '2026-03-02T10:00:00.000Z',
  isMember: false,
  role: null,
  hasPendingRequest: false,
  ...overrides,
});

/** A community's page as the API answers (no posts, reader not a member). */
export const makeDetail = (
  overrides: Partial<CommunityDetailResponse> = {},
): CommunityDetailResponse => ({
  ...makeCommunity({ id: COMMUNITY_ID }),
  memberInfo: null,
  canViewPosts: true,
  posts: [],
  postsNextCursor: null,
  ...overrides,
});

/** The same page for a member (memberInfo present). */
export const asMember = (
  detail: CommunityDetailResponse,
  role: 'owner' | 'moderator' | 'member' = 'member',
): CommunityDetailResponse => ({
  ...detail,
  isMember: true,
  role,
  memberInfo: { role, joinedAt: '2026-03-03T10:00:00.000Z' },
});

/** A post by Grace, in COMMUNITY_ID, no likes, not deletable by the reader. */
export const makePost = (
  overrides: Partial<CommunityPostResponse> = {},
): CommunityPostResponse => ({
  id: nextId('3333'),
  communityId: COMMUNITY_ID,
  authorId: GRACE_ID,
  author: { id: GRACE_ID, username: 'grace', displayName: 'Grace Hopper', profileImageUrl: null },
  content: 'Hello, community!',
  mediaUrls: [],
  createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
  isLiked: false,
  likesCount: 0,
  commentsCount: 0,
  sharesCount: 0,
  canDelete: false,
  ...overrides,
});

export const makeComment = (
  overrides: Partial<CommunityCommentResponse> = {},
): CommunityCommentResponse => ({
  id: nextId('4444'),
  postId: nextId('3333'),
  authorId: GRACE_ID,
  author: { id: GRACE_ID, username: 'grace', displayName: 'Grace Hopper', profileImageUrl: null },
  content: 'Nice one',
  createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  ...overrides,
});

/** Someone as members and requests show them (Grace unless told). */
export const makePerson = (overrides: Partial<CommunityAuthor> = {}): CommunityAuthor => ({
  id: GRACE_ID,
  username: 'grace',
  displayName: 'Grace Hopper',
  profileImageUrl: null,
  ...overrides,
});

/** A plain member (Grace unless told), joined a day ago. */
export const makeMember = (
  overrides: Partial<CommunityMemberResponse> = {},
): CommunityMemberResponse => ({
  user: makePerson(),
  role: 'member',
  joinedAt: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString(),
  ...overrides,
});

/** The signed-in reader (Ada) in a community's members, with a role. */
export const readerAsMember = (role: CommunityMemberResponse['role']): CommunityMemberResponse =>
  makeMember({
    user: makePerson({ id: ADA_ID, username: 'ada', displayName: 'Ada Lovelace' }),
    role,
  });

/** A pending request to join (Grace unless told), made an hour ago. */
export const makeJoinRequest = (
  overrides: Partial<CommunityJoinRequestResponse> = {},
): CommunityJoinRequestResponse => ({
  user: makePerson(),
  requestedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  ...overrides,
});

export const page = <T,>(items: T[], nextCursor: string | null = null): Page<T> => ({
  items,
  nextCursor,
});

export const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const noContent = (): Response => new Response(null, { status: 204 });

export interface FetchCall {
  method: string;
  url: string;
  /** JSON parsed; a Blob (an upload's bytes) as it was sent. */
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
  return { fetchMock, calls };
}

/** The query string of a recorded call, as an object. */
export const searchOf = (url: string): Record<string, string> =>
  Object.fromEntries(new URL(url, 'http://localhost').searchParams.entries());

/** A promise to settle from the test. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** What jsdom lacks and Radix's menus and tabs use. */
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

/** Shows where the router is, for tests of navigation. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/**
 * Renders as the signed-in reader with a fresh query client (the app's
 * defaults), the theme, a memory router at `route` (the element mounted at
 * `path`; the list and a community's page answer elsewhere) and the toaster.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    user = makeUser(),
  }: { route?: string; path?: string; user?: UserResponse | null } = {},
): ReturnType<typeof render> & { queryClient: QueryClient } {
  installDomShims();
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.current, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            {path === '/communities' ? null : (
              <Route path="/communities" element={<h1>Communities list</h1>} />
            )}
            {path === '/community/:communityId' ? null : (
              <Route path="/community/:communityId" element={<h1>Community page</h1>} />
            )}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
