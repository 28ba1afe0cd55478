import { outsideTraces } from '@wave/tracing';

export interface EventBatcherOptions<T> {
  /** The most items applied together; a batch this full is applied at once. */
  maxSize: number;
  /** How long the first item of a batch waits for others (a backlog fills a batch in less). */
  maxWaitMs: number;
  /** Applies items together, all or none (one transaction). */
  applyAll(items: T[]): Promise<void>;
  /** Applies one item alone: after a failed batch, each of its items goes this way. */
  applyOne(item: T): Promise<void>;
}

interface Pending<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Groups the items that arrive close together (the jobs a queue worker has in hand at once)
 * and applies them in one go, so a backlog costs one transaction per batch rather than per
 * event. Each `add` settles when its own item is applied. A batch that fails is applied again
 * one item at a time, so one bad item fails alone and its neighbours still succeed (a deadlock
 * with another writer costs the retry, nothing more).
 */
export class EventBatcher<T> {
  private pending: Pending<T>[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: EventBatcherOptions<T>) {
    if (!Number.isInteger(options.maxSize) || options.maxSize < 1) {
      throw new Error(`maxSize must be a positive integer, got ${options.maxSize}`);
    }
  }

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.options.maxSize) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.maxWaitMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    // Outside the trace of whichever job's event came first: the batch is every job's.
    if (batch.length > 0) void outsideTraces(() => this.apply(batch));
  }

  private async apply(batch: Pending<T>[]): Promise<void> {
    try {
      await this.options.applyAll(batch.map((entry) => entry.item));
      for (const entry of batch) entry.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    for (const entry of batch) {
      try {
        await this.options.applyOne(entry.item);
        entry.resolve();
      } catch (error) {
        entry.reject(error);
      }
    }
  }
}
