import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { FetchCall } from '../testing/test-utils';
import { json, mockFetch } from '../testing/test-utils';
import { PAGE_VIEW_DELAY_MS, usePageViewTracking } from './page-view-tracking';

function Tracked() {
  usePageViewTracking();
  return null;
}

/** A router with the tracking hook on every route, at `path`. */
function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Tracked /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const tracked = (calls: FetchCall[]) => calls.filter((call) => call.url === '/api/seo/track');

describe(usePageViewTracking.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the path and query, not the full address, 1 s after each route change', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 202 }));
    const router = renderAt('/tweet/0190a1b2-1111-7000-8000-000000000001?ref=share');

    await act(() => vi.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS - 1));
    expect(tracked(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(tracked(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          url: '/tweet/0190a1b2-1111-7000-8000-000000000001?ref=share',
          userAgent: navigator.userAgent,
        },
      }),
    ]);

    await act(() => router.navigate('/profile/ada'));
    await act(() => vi.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS));
    expect(tracked(calls).map((call) => (call.body as { url: string }).url)).toEqual([
      '/tweet/0190a1b2-1111-7000-8000-000000000001?ref=share',
      '/profile/ada',
    ]);
  });

  it('sends nothing for a page left within the second', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 202 }));
    const router = renderAt('/explore');
    await act(() => vi.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS / 2));
    await act(() => router.navigate('/communities'));
    await act(() => vi.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS));
    expect(tracked(calls).map((call) => (call.body as { url: string }).url)).toEqual([
      '/communities',
    ]);
  });

  it('only logs a failure', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => json(429, { message: 'Too many page views' }));
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(PAGE_VIEW_DELAY_MS));
    expect(tracked(calls)).toHaveLength(1);
    expect(debug).toHaveBeenCalledWith('Page view not tracked', expect.anything());
  });
});
