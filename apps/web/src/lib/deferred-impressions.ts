import type { ImpressionObserver } from './impression-reporter';

interface Watched {
  element: Element;
  id: string;
  stop: (() => void) | null;
}

/**
 * Stands in for the tab's impression reporter until its code has loaded: posts drawn meanwhile
 * are handed to it then. The app provides this one object for the whole visit, so loading the
 * reporter changes nothing React can see (with the reporter itself in context, every card on
 * screen was drawn again when it arrived: a long task on a phone, just after the feed).
 */
export class DeferredImpressionObserver implements ImpressionObserver {
  private target: ImpressionObserver | null = null;
  private readonly waiting = new Set<Watched>();

  observe(element: Element, id: string): () => void {
    const watched: Watched = { element, id, stop: null };
    if (this.target) watched.stop = this.target.observe(element, id);
    else this.waiting.add(watched);
    return () => {
      this.waiting.delete(watched);
      watched.stop?.();
      watched.stop = null;
    };
  }

  /** The reporter has loaded: it watches what was drawn before and everything after. */
  attach(target: ImpressionObserver): void {
    this.target = target;
    for (const watched of this.waiting) watched.stop = target.observe(watched.element, watched.id);
    this.waiting.clear();
  }

  /** How many posts wait for the reporter (for tests). */
  get waitingCount(): number {
    return this.waiting.size;
  }
}
