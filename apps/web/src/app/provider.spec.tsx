import { act, render, screen } from '@testing-library/react';
import type { FeedItemResponse } from '@wave/contracts';
import { MemoryRouter } from 'react-router';
import { TweetCard } from '../features/tweets/components/tweet-card';
import { makeTweet } from '../features/tweets/testing/tweet-test-utils';
import {
  IMPRESSION_DWELL_MS,
  IMPRESSION_INTERVAL_MS,
  IMPRESSION_PENDING_KEY,
  IMPRESSION_STORAGE_KEY,
} from '../lib/impression-reporter';
import type { FetchCall } from '../testing/test-utils';
import { json, mockFetch } from '../testing/test-utils';
import { AppProvider } from './provider';

/** The browser's IntersectionObserver, told by the test what is on screen. */
let onScreen: (element: Element, ratio: number) => void = () => undefined;
const watched = new Set<Element>();

class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback) {
    onScreen = (element, ratio) =>
      callback(
        [{ target: element, isIntersecting: ratio > 0, intersectionRatio: ratio }] as never,
        this as unknown as IntersectionObserver,
      );
  }
  observe(element: Element) {
    watched.add(element);
  }
  unobserve(element: Element) {
    watched.delete(element);
  }
  disconnect() {}
}

/** The reporter loads after the first paint; the cards on screen are handed to it then. */
const reporterWatches = (...elements: Element[]) =>
  vi.waitFor(() => {
    for (const element of elements) expect(watched.has(element)).toBe(true);
  });

function renderCards(tweets: FeedItemResponse[]) {
  return render(
    <AppProvider>
      <MemoryRouter>
        {tweets.map((tweet) => (
          <TweetCard key={tweet.id} tweet={tweet} />
        ))}
      </MemoryRouter>
    </AppProvider>,
  );
}

const impressionCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === '/api/analytics/impressions');

describe(AppProvider.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    watched.clear();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    // The install prompt asks whether the app runs installed.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    sessionStorage.removeItem(IMPRESSION_STORAGE_KEY);
    sessionStorage.removeItem(IMPRESSION_PENDING_KEY);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.removeItem(IMPRESSION_STORAGE_KEY);
    sessionStorage.removeItem(IMPRESSION_PENDING_KEY);
  });

  it('reports the posts seen on the page to the analytics service, as JSON that outlives the page', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/user' ? json(401, { message: 'Not signed in' }) : json(202, {}),
    );
    const seen = makeTweet({ content: 'Seen' });
    const scrolledPast = makeTweet({ content: 'Scrolled past' });
    renderCards([seen, scrolledPast]);
    const [seenCard, pastCard] = screen.getAllByRole('article');
    await reporterWatches(seenCard!, pastCard!);

    act(() => {
      onScreen(seenCard!, 0.75);
      onScreen(pastCard!, 0.75);
    });
    await act(() => vi.advanceTimersByTimeAsync(IMPRESSION_DWELL_MS / 2));
    act(() => onScreen(pastCard!, 0));
    await act(() => vi.advanceTimersByTimeAsync(IMPRESSION_INTERVAL_MS));

    expect(impressionCalls(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { tweetIds: [seen.id] },
        headers: { 'content-type': 'application/json' },
        init: expect.objectContaining({ keepalive: true, credentials: 'include' }),
      }),
    ]);
  });

  it("sends what was seen at once when the tab is hidden, the tab's 10 s being up", async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/user' ? json(401, { message: 'Not signed in' }) : json(202, {}),
    );
    const tweet = makeTweet();
    renderCards([tweet]);
    await reporterWatches(screen.getByRole('article'));
    await act(() => vi.advanceTimersByTimeAsync(IMPRESSION_INTERVAL_MS));
    act(() => onScreen(screen.getByRole('article'), 1));
    await act(() => vi.advanceTimersByTimeAsync(IMPRESSION_DWELL_MS));
    expect(impressionCalls(calls)).toHaveLength(0);

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    } finally {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
    }
    expect(impressionCalls(calls).map((call) => call.body)).toEqual([{ tweetIds: [tweet.id] }]);
  });
});
