/**
 * Impressions: which posts the reader actually saw. A post counts once it has been at least
 * half on screen for a second; the ids are reported in batches, at most one call per 10 s per
 * tab, hidden or not: when the tab is hidden or closed, what was seen goes at once if the tab's
 * 10 s are up, and otherwise waits for them (a hidden tab's timer still runs). Each id is
 * reported once per tab session, and what is seen but not sent yet is kept too (both in
 * sessionStorage), so a reload neither reports a post again nor loses one; a tab closed within
 * 10 s of its last call loses what it saw since, rather than break the limit.
 * A failed call is only logged: its ids are not sent again (the server counts each viewer once
 * a day anyway, and a retry loop is worse than a missed impression).
 */

/** At least this share of the post on screen... */
export const IMPRESSION_THRESHOLD = 0.5;
/** ...for this long. */
export const IMPRESSION_DWELL_MS = 1_000;
/** At most one call in this time, per tab. */
export const IMPRESSION_INTERVAL_MS = 10_000;
/** Ids that come due within this time of each other go in one call. */
export const IMPRESSION_GATHER_MS = 1_000;
/** How many reported ids the tab session remembers (the oldest are forgotten first). */
export const IMPRESSION_MEMORY = 5_000;
export const IMPRESSION_STORAGE_KEY = 'wave-impressions-reported';
/** The ids seen but not sent yet, for the tab's next page. */
export const IMPRESSION_PENDING_KEY = 'wave-impressions-pending';

export interface ImpressionReporterOptions {
  /** Sends one batch (at most `maxPerCall` ids). */
  send: (ids: readonly string[]) => Promise<unknown>;
  maxPerCall: number;
  /** Where reported ids are kept for the tab session; null to keep them in memory only. */
  storage?: Storage | null;
}

interface Target {
  id: string;
  /** At least half on screen now. */
  visible: boolean;
  dwell: ReturnType<typeof setTimeout> | null;
}

export interface ImpressionObserver {
  /** Watches `element` (showing post `id`); answers the function that stops watching it. */
  observe(element: Element, id: string): () => void;
}

/** sessionStorage when the browser lets the page use it (private modes may not). */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export class ImpressionReporter implements ImpressionObserver {
  private readonly send: ImpressionReporterOptions['send'];
  private readonly maxPerCall: number;
  private readonly storage: Storage | null;
  /** Ids queued or sent this tab session, oldest first. */
  private readonly reported: Set<string>;
  private queue: string[] = [];
  private lastCallAt: number;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private observer: IntersectionObserver | null = null;
  private readonly targets = new Map<Element, Target>();

  constructor({ send, maxPerCall, storage = null }: ImpressionReporterOptions) {
    this.send = send;
    this.maxPerCall = maxPerCall;
    this.storage = storage;
    this.reported = new Set(this.load(IMPRESSION_STORAGE_KEY));
    this.queue = this.load(IMPRESSION_PENDING_KEY).filter((id) => this.reported.has(id));
    // The first call, too, waits its 10 s: what is seen right after the page opens is gathered,
    // and a reload cannot send twice within 10 s.
    this.lastCallAt = Date.now();
    this.scheduleFlush();
  }

  /** The ids seen and not sent yet, oldest first. */
  get pendingIds(): readonly string[] {
    return [...this.queue];
  }

  observe(element: Element, id: string): () => void {
    const observer = this.intersectionObserver();
    if (!observer || this.reported.has(id)) return () => undefined;
    this.targets.set(element, { id, visible: false, dwell: null });
    observer.observe(element);
    return () => {
      const target = this.targets.get(element);
      if (target?.dwell) clearTimeout(target.dwell);
      this.targets.delete(element);
      observer.unobserve(element);
    };
  }

  /**
   * Listens for the tab being hidden or closed (then what was seen is sent if the tab's 10 s are
   * up, kept otherwise, and the seconds of a post on screen stop counting) and shown again.
   * Answers the function that stops.
   */
  start(): () => void {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') this.hide();
      else this.show();
    };
    const onPageHide = () => this.hide();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
    };
  }

  private intersectionObserver(): IntersectionObserver | null {
    if (this.observer) return this.observer;
    if (typeof IntersectionObserver === 'undefined') return null;
    this.observer = new IntersectionObserver((entries) => this.onIntersect(entries), {
      threshold: IMPRESSION_THRESHOLD,
    });
    return this.observer;
  }

  private onIntersect(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const target = this.targets.get(entry.target);
      if (!target) continue;
      const visible = entry.isIntersecting && entry.intersectionRatio >= IMPRESSION_THRESHOLD;
      target.visible = visible;
      if (visible) this.startDwell(entry.target, target);
      else this.stopDwell(target);
    }
  }

  private startDwell(element: Element, target: Target): void {
    if (target.dwell || document.visibilityState === 'hidden') return;
    target.dwell = setTimeout(() => {
      target.dwell = null;
      this.seen(target.id);
      // Seen: no need to watch it any longer.
      this.targets.delete(element);
      this.observer?.unobserve(element);
    }, IMPRESSION_DWELL_MS);
  }

  private stopDwell(target: Target): void {
    if (target.dwell) clearTimeout(target.dwell);
    target.dwell = null;
  }

  private hide(): void {
    for (const target of this.targets.values()) this.stopDwell(target);
    if (this.queue.length > 0 && Date.now() - this.lastCallAt >= IMPRESSION_INTERVAL_MS) {
      this.clearFlushTimer();
      this.sendBatch();
      this.scheduleFlush();
    }
    this.save();
  }

  private show(): void {
    for (const [element, target] of this.targets) {
      if (target.visible) this.startDwell(element, target);
    }
  }

  private seen(id: string): void {
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.queue.push(id);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer || this.queue.length === 0) return;
    const wait = Math.max(
      IMPRESSION_GATHER_MS,
      this.lastCallAt + IMPRESSION_INTERVAL_MS - Date.now(),
    );
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.sendBatch();
      this.scheduleFlush();
    }, wait);
  }

  private clearFlushTimer(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  private sendBatch(): void {
    const batch = this.queue.splice(0, this.maxPerCall);
    if (batch.length === 0) return;
    this.lastCallAt = Date.now();
    this.save();
    this.send(batch).catch((error: unknown) => console.debug('Impressions not reported', error));
  }

  private load(key: string): string[] {
    try {
      const stored: unknown = JSON.parse(this.storage?.getItem(key) ?? '[]');
      return Array.isArray(stored)
        ? stored.filter((id): id is string => typeof id === 'string')
        : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    if (!this.storage) return;
    while (this.reported.size > IMPRESSION_MEMORY) {
      const oldest = this.reported.values().next().value;
      if (oldest === undefined) break;
      this.reported.delete(oldest);
    }
    try {
      this.storage.setItem(IMPRESSION_STORAGE_KEY, JSON.stringify([...this.reported]));
      this.storage.setItem(IMPRESSION_PENDING_KEY, JSON.stringify(this.queue));
    } catch {
      // Storage full or refused: the ids stay remembered in memory for this page.
    }
  }
}
