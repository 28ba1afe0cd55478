import {
  IMPRESSION_DWELL_MS,
  IMPRESSION_INTERVAL_MS,
  IMPRESSION_PENDING_KEY,
  IMPRESSION_STORAGE_KEY,
  IMPRESSION_THRESHOLD,
  ImpressionReporter,
} from './impression-reporter';

/** A stand-in for the browser's IntersectionObserver: the test says what is on screen. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.add(element);
  }

  unobserve(element: Element) {
    this.observed.delete(element);
  }

  disconnect() {
    this.observed.clear();
  }

  /** `element` is now `ratio` on screen. */
  report(element: Element, ratio: number) {
    if (!this.observed.has(element)) return;
    const entry = {
      target: element,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
    } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const observer = () => {
  const instance = FakeIntersectionObserver.instances.at(-1);
  if (!instance) throw new Error('No IntersectionObserver was made');
  return instance;
};

const postId = (n: number) => `0190a1b2-1111-7000-8000-${String(n).padStart(12, '0')}`;

/** A reporter whose calls are recorded, and `count` post elements it watches. */
function setUp({ count = 1, storage = null }: { count?: number; storage?: Storage | null } = {}) {
  const sent: string[][] = [];
  const send = vi.fn((ids: readonly string[]) => {
    sent.push([...ids]);
    return Promise.resolve();
  });
  const sut = new ImpressionReporter({ send, maxPerCall: 100, storage });
  const stop = sut.start();
  const elements = Array.from({ length: count }, (_, index) => {
    const element = document.createElement('article');
    const unobserve = sut.observe(element, postId(index + 1));
    return { element, id: postId(index + 1), unobserve };
  });
  return { sut, send, sent, stop, elements };
}

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe(ImpressionReporter.name, () => {
  let stops: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    stops = [];
  });

  afterEach(() => {
    for (const stop of stops) stop();
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const track = (options?: Parameters<typeof setUp>[0]) => {
    const setup = setUp(options);
    stops.push(setup.stop);
    return setup;
  };

  it('watches posts for half of them on screen', () => {
    const { elements } = track();
    expect(observer().options.threshold).toBe(IMPRESSION_THRESHOLD);
    expect(observer().observed.has(elements[0]!.element)).toBe(true);
  });

  it('counts a post at least half on screen for a second, and not one less seen', () => {
    const { sut, sent, elements } = track({ count: 3 });
    const [half, glimpsed, sliver] = elements;
    observer().report(half!.element, 0.5);
    observer().report(glimpsed!.element, 1);
    observer().report(sliver!.element, 0.49);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS - 1);
    observer().report(glimpsed!.element, 0);
    vi.advanceTimersByTime(1);

    expect(sut.pendingIds).toEqual([half!.id]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(sent).toEqual([[half!.id]]);
  });

  it('starts the second again when a post comes back on screen', () => {
    const { sut, elements } = track();
    const { element, id } = elements[0]!;
    observer().report(element, 1);
    vi.advanceTimersByTime(600);
    observer().report(element, 0.2);
    observer().report(element, 0.8);
    vi.advanceTimersByTime(600);
    expect(sut.pendingIds).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(sut.pendingIds).toEqual([id]);
  });

  it('sends in batches, at most one call every 10 s', () => {
    const { sent, elements } = track({ count: 4 });
    const [a, b, c, d] = elements;
    observer().report(a!.element, 1);
    observer().report(b!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    // The first call waits its 10 s from the page's start, gathering what was seen.
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS - IMPRESSION_DWELL_MS);
    expect(sent).toEqual([[a!.id, b!.id]]);

    observer().report(c!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    observer().report(d!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS - 2 * IMPRESSION_DWELL_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      [a!.id, b!.id],
      [c!.id, d!.id],
    ]);
  });

  it('gathers what comes due together after a quiet spell into one call', () => {
    const { sent, elements } = track({ count: 2 });
    vi.advanceTimersByTime(60_000);
    observer().report(elements[0]!.element, 1);
    vi.advanceTimersByTime(300);
    observer().report(elements[1]!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS + 1_000);
    expect(sent).toEqual([[elements[0]!.id, elements[1]!.id]]);
  });

  it('sends at most 100 ids a call, the rest 10 s later', () => {
    const { sent, elements } = track({ count: 250 });
    for (const { element } of elements) observer().report(element, 1);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(sent.map((batch) => batch.length)).toEqual([100]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS - 1);
    expect(sent.map((batch) => batch.length)).toEqual([100]);
    vi.advanceTimersByTime(1);
    expect(sent.map((batch) => batch.length)).toEqual([100, 100]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(sent.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(new Set(sent.flat()).size).toBe(250);
  });

  it('reports each post once per tab session, even shown again or twice at once', () => {
    const { sut, sent, elements } = track();
    const { element, id } = elements[0]!;
    const twin = document.createElement('article');
    sut.observe(twin, id);
    observer().report(element, 1);
    observer().report(twin, 1);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(sent).toEqual([[id]]);

    const again = document.createElement('article');
    sut.observe(again, id);
    observer().report(again, 1);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS * 2);
    expect(sent).toEqual([[id]]);
  });

  it('remembers what it reported for the tab session across a reload', () => {
    const storage = window.sessionStorage;
    storage.removeItem(IMPRESSION_STORAGE_KEY);
    const first = track({ storage });
    observer().report(first.elements[0]!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(first.sent).toEqual([[postId(1)]]);

    const reloaded = track({ count: 2, storage });
    for (const { element } of reloaded.elements) observer().report(element, 1);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(reloaded.sent).toEqual([[postId(2)]]);
    storage.removeItem(IMPRESSION_STORAGE_KEY);
  });

  it('sends what was seen when the tab is hidden once its 10 s are up, and stops counting while hidden', () => {
    const { sent, elements } = track({ count: 2 });
    const [seen, dwelling] = elements;
    observer().report(seen!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    observer().report(dwelling!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS / 2);

    // Hidden 1.5 s after the page opened: the tab's 10 s are not up, so it waits for them.
    setVisibility('hidden');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS - 1_501);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[seen!.id]]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS * 3);
    expect(sent).toEqual([[seen!.id]]);

    // Back on the tab, the post still on screen gets its full second again; closed long after
    // the last call, the tab sends it at once.
    setVisibility('visible');
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([[seen!.id], [dwelling!.id]]);
  });

  it('never calls twice within 10 s, however often the tab is hidden, with 100 ids at most', () => {
    const { sent, elements } = track({ count: 150 });
    for (const { element } of elements) observer().report(element, 1);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(sent.map((batch) => batch.length)).toEqual([100]);
    for (let n = 0; n < 5; n += 1) {
      setVisibility('hidden');
      setVisibility('visible');
      window.dispatchEvent(new Event('pagehide'));
      vi.advanceTimersByTime(1_000);
    }
    expect(sent.map((batch) => batch.length)).toEqual([100]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS - 5_000);
    expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
  });

  it("keeps what it could not send before the page closed for the tab's next page", () => {
    const storage = window.sessionStorage;
    storage.removeItem(IMPRESSION_STORAGE_KEY);
    storage.removeItem(IMPRESSION_PENDING_KEY);
    const first = track({ storage });
    observer().report(first.elements[0]!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    window.dispatchEvent(new Event('pagehide'));
    first.stop();
    expect(first.sent).toEqual([]);

    // The reload waits its own 10 s, then sends it (once: the closed page's timer is gone).
    const reloaded = track({ storage });
    expect(reloaded.sut.pendingIds).toEqual([postId(1)]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS - 1);
    expect(reloaded.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reloaded.sent).toEqual([[postId(1)]]);
    storage.removeItem(IMPRESSION_STORAGE_KEY);
    storage.removeItem(IMPRESSION_PENDING_KEY);
  });

  it('forgets a post taken off the page before its second', () => {
    const { sut, sent, elements } = track();
    observer().report(elements[0]!.element, 1);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS / 2);
    elements[0]!.unobserve();
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    expect(sut.pendingIds).toEqual([]);
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS);
    expect(sent).toEqual([]);
    expect(observer().observed.size).toBe(0);
  });

  it('only logs a failed call, and does not send its ids again', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const send = vi.fn(() => Promise.reject(new Error('503: Service Unavailable')));
    const sut = new ImpressionReporter({ send, maxPerCall: 100 });
    stops.push(sut.start());
    const element = document.createElement('article');
    sut.observe(element, postId(1));
    observer().report(element, 1);
    await vi.advanceTimersByTimeAsync(IMPRESSION_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(1);
    expect(debug).toHaveBeenCalledWith('Impressions not reported', expect.any(Error));
    await vi.advanceTimersByTimeAsync(IMPRESSION_INTERVAL_MS * 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(sut.pendingIds).toEqual([]);
  });

  it('does nothing where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const send = vi.fn(() => Promise.resolve());
    const sut = new ImpressionReporter({ send, maxPerCall: 100 });
    const unobserve = sut.observe(document.createElement('article'), postId(1));
    vi.advanceTimersByTime(IMPRESSION_INTERVAL_MS * 2);
    unobserve();
    expect(send).not.toHaveBeenCalled();
  });
});
