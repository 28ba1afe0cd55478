import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { UserResponse } from '@wave/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { userKeys } from '../features/auth/api/current-user';
import { ThemeProvider } from '../features/theme/theme';
import { createQueryClient } from '../lib/query-client';

/**
 * What every feature's component tests need: the API mocked at the fetch boundary, a signed-in
 * user (or a visitor), and the app's query defaults. Features with their own factories keep
 * them in `features/<feature>/testing`.
 */

export const ADA_ID = '0190a1b2-0000-7000-8000-000000000001';

/** The signed-in user, as GET /api/user answers. */
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
  followingCount: 3,
  pinnedTweetId: null,
  verified: false,
  ...overrides,
});

export const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const noContent = (): Response => new Response(null, { status: 204 });

/** The first bytes of a PNG and of a JPEG: what the composers check a chosen file holds. */
export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

/** A small file that is an image by its name, its type and its first bytes. */
export const imageFile = (name: string, type = 'image/png'): File =>
  new File([new Uint8Array(type === 'image/jpeg' ? JPEG_HEAD : PNG_HEAD)], name, { type });

/** A PNG file's data URL, as FileReader gives it. */
export const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_HEAD))}`;

export interface FetchCall {
  method: string;
  url: string;
  /** The JSON body, parsed (or the body as sent when it is not JSON). */
  body: unknown;
  headers: Record<string, string>;
  init: RequestInit;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

/** Replaces fetch with a mock that hands every call to `handler` and records the calls. */
export function mockFetch(handler: FetchHandler) {
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
    const call = { method: (init.method ?? 'GET').toUpperCase(), url, body, headers, init };
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

/** What jsdom lacks and Radix and the charts use. */
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
 * Renders with a fresh query client (the app's defaults), the app's theme, the signed-in user
 * (`null` for a visitor), a memory router at `route` (the element mounted at `path`, a
 * stand-in at /auth) and the toaster.
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
      <ThemeProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/auth" element={<h1>Auth page</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
