import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queue, Worker } from 'bullmq';
import { concurrencyOf, jobOptionsOf, queueOptions } from '@wave/redis';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { ProjectionsBackfillService } from './projections-backfill.service';
import { QUEUES } from '@wave/contracts';
import type { QueueName } from '@wave/contracts';

export const BACKFILL_QUEUE = 'analytics-backfill' satisfies QueueName;
/** One job for every replica: a second `add` with this id is ignored while the first exists. */
export const BACKFILL_JOB_ID = 'projections';
/** The longest wait between two tries while an owner does not answer. */
export const BACKFILL_MAX_RETRY_MS = 30_000;

/**
 * The wait before try n + 1 (n tries made): 2 s, 4 s, 8 s, 16 s, then every 30 s, so that an
 * owner still starting (as when everything starts at once) is asked again soon.
 */
export const backfillRetryDelayMs = (attemptsMade: number): number =>
  Math.min(BACKFILL_MAX_RETRY_MS, 1_000 * 2 ** Math.max(1, attemptsMade));

/**
 * Starts the projections' backfill (ProjectionsBackfillService) as a BullMQ job when analytics
 * starts and the backfill has not finished: one job whatever the number of replicas, retried
 * while identity or communities do not answer, resumed from the saved cursors. A stopping
 * replica ends its try between two pages; the retry goes to whichever replica is running then
 * (or to the next start). A job that used all its tries (a day's worth: QUEUES) is kept failed
 * until the next start replaces it, or two weeks. Off with BACKFILL_ON_START.
 */
@Injectable()
export class BackfillWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BackfillWorker.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private stopping = false;

  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly backfill: ProjectionsBackfillService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.BACKFILL_ON_START || !(await this.backfill.pending())) return;
    const connection = queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX);
    this.queue = new Queue(BACKFILL_QUEUE, connection);
    // A job that gave up earlier would keep its id and block a new one.
    const earlier = await this.queue.getJob(BACKFILL_JOB_ID);
    if (earlier && (await earlier.isFailed())) await earlier.remove();
    await this.queue.add('backfill', {}, jobOptionsOf(BACKFILL_QUEUE, BACKFILL_JOB_ID));
    this.worker = new Worker(
      BACKFILL_QUEUE,
      () => this.backfill.run(undefined, () => this.stopping),
      {
        ...connection,
        concurrency: concurrencyOf(BACKFILL_QUEUE),
        settings: { backoffStrategy: backfillRetryDelayMs },
      },
    );
    this.worker.on('failed', (job, error) => this.logFailure(job, error));
    // As the other workers: a dropped Redis connection is logged, not a crash.
    this.worker.on('error', (error) =>
      this.logger.error(`Backfill worker error: ${error.message}`),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.worker?.close();
    await this.queue?.close();
  }

  private logFailure(job: Job | undefined, error: Error): void {
    const made = job?.attemptsMade ?? 0;
    const next =
      made >= QUEUES[BACKFILL_QUEUE].attempts
        ? 'given up until analytics starts again'
        : `trying again in ${backfillRetryDelayMs(made) / 1000} s`;
    this.logger.warn(`Backfill of users and communities paused (${error.message}); ${next}`);
  }
}
