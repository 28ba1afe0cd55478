import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { ProjectionsBackfillService } from './projections-backfill.service';

export const BACKFILL_QUEUE = 'analytics-backfill';
/** One job for every replica: a second `add` with this id is ignored while the first exists. */
export const BACKFILL_JOB_ID = 'projections';
/** An owner that does not answer is asked again this often, for a day, then at the next start. */
export const BACKFILL_RETRY_MS = 30_000;
const BACKFILL_ATTEMPTS = (24 * 3600_000) / BACKFILL_RETRY_MS;

/**
 * Starts the projections' backfill (ProjectionsBackfillService) as a BullMQ job when analytics
 * starts and the backfill has not finished: one job whatever the number of replicas, retried
 * while identity or communities do not answer, taken over by another replica if this one
 * stops (BullMQ's stalled jobs), resumed from the saved cursors. Off with BACKFILL_ON_START.
 */
@Injectable()
export class BackfillWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BackfillWorker.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly backfill: ProjectionsBackfillService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.BACKFILL_ON_START || !(await this.backfill.pending())) return;
    const connection = {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    };
    this.queue = new Queue(BACKFILL_QUEUE, connection);
    await this.queue.add(
      'backfill',
      {},
      {
        jobId: BACKFILL_JOB_ID,
        attempts: BACKFILL_ATTEMPTS,
        backoff: { type: 'fixed', delay: BACKFILL_RETRY_MS },
        // Gone once over, so that a later start may add it again if anything is left.
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
    this.worker = new Worker(BACKFILL_QUEUE, () => this.backfill.run(), {
      ...connection,
      concurrency: 1,
    });
    this.worker.on('failed', (_job, error) =>
      this.logger.warn(
        `Backfill of users and communities paused: ${error.message}; trying again in ${BACKFILL_RETRY_MS / 1000} s`,
      ),
    );
    // As the other workers: a dropped Redis connection is logged, not a crash.
    this.worker.on('error', (error) =>
      this.logger.error(`Backfill worker error: ${error.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
