import { Queue } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import { bullPrefix, jobOptionsOf, redisOptionsFromUrl } from '@wave/redis';
import type { IngestBatchJob, ViewRecord } from './ingest-queue';
import { INGEST_QUEUE } from './ingest-queue';

/** Tries to hand a batch to Redis before its views are given up (and logged). */
const ENQUEUE_ATTEMPTS = 3;
/**
 * Batches on their way to Redis at most; past that (Redis slow or away), new batches are
 * given up at once rather than held: memory stays bounded whatever the traffic.
 */
export const MAX_BATCHES_IN_FLIGHT = 64;

export interface ViewBatcherOptions {
  redisUrl: string;
  redisKeyPrefix: string;
  /** How long a view waits for others before its batch is sent. */
  batchMs: number;
  /** A batch is sent at once when it holds this many views. */
  maxViews: number;
  /** Told of a batch given up after its attempts (Redis down for seconds). */
  onLost: (views: number, error: unknown) => void;
  /**
   * How long one attempt to add a batch may take (BullMQ waits for a connection that was
   * never made, whatever the client's options): 2 s unless said otherwise.
   */
  attemptTimeoutMs?: number;
}

const DEFAULT_ATTEMPT_TIMEOUT_MS = 2_000;
/** How long `close` waits for Redis to say goodbye before dropping the connection. */
const CLOSE_TIMEOUT_MS = 2_000;

/** `work`, or a rejection once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `onLost` that says so in the log: how many views a batch had, and why it was given up. */
export const logLostViews =
  (logger: { error(message: string): void }) =>
  (views: number, error: unknown): void =>
    logger.error(
      `Lost a batch of ${views} views: ${error instanceof Error ? error.message : String(error)}`,
    );

/**
 * Collects page views and impressions in memory for `batchMs` (or until `maxViews`), then
 * adds them as one job to `analytics-ingest`, whose id is the batch's own (a uuid), so an
 * add that is retried adds nothing twice. A request never waits for Redis or PostgreSQL; a
 * process that stops gracefully sends what it holds first (`close`, after its HTTP server
 * closed).
 */
export class ViewBatchSender {
  private readonly queue: Queue;
  private buffer: ViewRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: ViewBatcherOptions) {
    this.queue = new Queue(INGEST_QUEUE, {
      // A producer fails fast while Redis is away (no endless offline queue of adds, which is
      // what workers need): the retries below then give the batch up, and say so.
      connection: {
        ...redisOptionsFromUrl(options.redisUrl),
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      },
      prefix: bullPrefix(options.redisKeyPrefix),
    });
  }

  push(view: ViewRecord): void {
    this.buffer.push(view);
    if (this.buffer.length >= this.options.maxViews) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.options.batchMs);
  }

  /** Sends what is buffered now; resolves once every batch sent so far is in Redis. */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.inFlight]);
  }

  /** Sends what is left, then lets go of Redis. */
  async close(): Promise<void> {
    await this.drain();
    try {
      await within(this.queue.close(), CLOSE_TIMEOUT_MS, 'closing the ingest queue');
    } catch {
      await this.queue.disconnect();
    }
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return;
    const job: IngestBatchJob = { batchId: uuidv7(), views: this.buffer };
    this.buffer = [];
    if (this.inFlight.size >= MAX_BATCHES_IN_FLIGHT) {
      this.options.onLost(job.views.length, new Error('too many batches waiting for Redis'));
      return;
    }
    const sending = this.enqueue(job).finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  private async enqueue(job: IngestBatchJob): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // An attempt that times out may still land later: the batch's id keeps a later
        // attempt from adding it twice.
        await within(
          this.queue.add('views', job, jobOptionsOf(INGEST_QUEUE, job.batchId)),
          this.options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
          'adding a batch of views',
        );
        return;
      } catch (error) {
        if (attempt >= ENQUEUE_ATTEMPTS) {
          this.options.onLost(job.views.length, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}
