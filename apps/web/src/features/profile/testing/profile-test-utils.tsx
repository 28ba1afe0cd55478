import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { UserResponse } from '@wave/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';

/** A user as the API answers, with sensible defaults. */
export const makeUser = (overrides: Partial<UserResponse> = {}): UserResponse => ({
  id: '0190a1b2-0000-7000-8000-000000000001',
  username: 'ada',
  displayName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Poetical science.',
  profileImageUrl: null,
  coverImageUrl: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  followersCount: 1200,
  followingCount: 42,
  pinnedTweetId: null,
  verified: false,
  ...overrides,
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

/**
 * Replaces fetch with a mock that hands every call to `handler` (an unknown
 * call answers 404) and records the calls.
 */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
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
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Renders with a fresh query client, a memory router at `route` (the element
 * mounted at `path`) and the toaster.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
): ReturnType<typeof render> & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/auth" element={<h1>Auth page</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
