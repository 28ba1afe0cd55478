import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import type { IngestBatchJob, ViewRecord } from './ingest.queue';
import { INGEST_QUEUE } from './ingest.queue';

/** Tries to hand a batch to Redis before its views are given up (and logged). */
const ENQUEUE_ATTEMPTS = 3;

/**
 * Collects page views and impressions in memory for INGEST_BATCH_MS (or until
 * INGEST_BATCH_MAX_VIEWS), then adds them as one job to `analytics-ingest`,
 * whose id is the batch's own (a uuid), so an add that is retried adds nothing
 * twice. A request never waits for Redis or PostgreSQL; a process that stops
 * gracefully sends what it holds first (after the HTTP server has closed).
 */
@Injectable()
export class ViewBatcher implements OnApplicationShutdown {
  private readonly logger = new Logger(ViewBatcher.name);
  private readonly queue: Queue;
  private buffer: ViewRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(@Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig) {
    this.queue = new Queue(INGEST_QUEUE, {
      connection: bullConnection(config.REDIS_URL),
      prefix: bullPrefix(config.REDIS_KEY_PREFIX),
    });
  }

  push(view: ViewRecord): void {
    this.buffer.push(view);
    if (this.buffer.length >= this.config.INGEST_BATCH_MAX_VIEWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.config.INGEST_BATCH_MS);
  }

  /** Sends what is buffered now; resolves once every batch sent so far is in Redis. */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.inFlight]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drain();
    await this.queue.close();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return;
    const job: IngestBatchJob = { batchId: uuidv7(), views: this.buffer };
    this.buffer = [];
    const sending = this.enqueue(job).finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  private async enqueue(job: IngestBatchJob): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.queue.add('views', job, {
          jobId: job.batchId,
          attempts: 8,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: 3600, count: 10_000 },
          removeOnFail: { age: 14 * 24 * 3600 },
        });
        return;
      } catch (error) {
        if (attempt >= ENQUEUE_ATTEMPTS) {
          this.logger.error(
            `Lost a batch of ${job.views.length} views: ${error instanceof Error ? error.message : String(error)}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}
