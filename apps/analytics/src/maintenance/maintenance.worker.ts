import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { concurrencyOf, queueOptions, scheduledJobOptionsOf } from '@wave/redis';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { partitionWindows } from './partition-windows.util';
import { PartitionsRepository } from './partitions.repository';
import { RetentionRepository } from './retention.repository';
import type { QueueName } from '@wave/contracts';

export const MAINTENANCE_QUEUE = 'analytics-maintenance' satisfies QueueName;

const DAY_MS = 24 * 3600 * 1000;
/** Event and batch ids are kept long past any redelivery (a retried job, a relay that ran twice). */
export const APPLIED_IDS_RETENTION_DAYS = 30;
/** Views of a post no event has named after this long name no post. */
export const PENDING_VIEWS_RETENTION_DAYS = 2;

export interface MaintenanceRun {
  created: string[];
  dropped: string[];
  forgotten: number;
  settledViews: number;
}

/**
 * A scheduled BullMQ job (every MAINTENANCE_INTERVAL_SECONDS, one schedule for
 * all replicas): creates the day partitions ahead, drops
 * those past retention, forgets old applied ids, hourly rollups past their
 * retention and pending views of posts that never arrived, and settles pending
 * views of posts that did.
 */
@Injectable()
export class MaintenanceWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MaintenanceWorker.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly partitions: PartitionsRepository,
    private readonly retention: RetentionRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX);
    this.queue = new Queue(MAINTENANCE_QUEUE, connection);
    await this.queue.upsertJobScheduler(
      'maintain',
      { every: this.config.MAINTENANCE_INTERVAL_SECONDS * 1000 },
      { name: 'maintain', opts: scheduledJobOptionsOf(MAINTENANCE_QUEUE) },
    );
    this.worker = new Worker(MAINTENANCE_QUEUE, () => this.run(), {
      ...connection,
      concurrency: concurrencyOf(MAINTENANCE_QUEUE),
    });
    this.worker.on('failed', (_job, error) =>
      this.logger.warn(`Maintenance failed: ${error.message}`),
    );
    // Without a listener, a Redis connection that drops (or closes while the worker is still
    // connecting, as when the app stops right after it started) would crash the process.
    this.worker.on('error', (error) =>
      this.logger.error(`Maintenance worker error: ${error.message}`),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** One run of the job. */
  async run(now: Date = new Date()): Promise<MaintenanceRun> {
    const { created, dropped } = await this.partitions.apply(partitionWindows(this.config, now));
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const settledViews = await this.retention.settlePendingViews();
    const forgotten = (
      await Promise.all([
        this.retention.deleteBefore(
          'applied_events',
          'applied_at',
          daysAgo(APPLIED_IDS_RETENTION_DAYS),
        ),
        this.retention.deleteBefore(
          'applied_batches',
          'applied_at',
          daysAgo(APPLIED_IDS_RETENTION_DAYS),
        ),
        this.retention.deleteBefore(
          'user_hourly_stats',
          'hour_start',
          daysAgo(this.config.HOURLY_ROLLUP_RETENTION_DAYS),
        ),
        this.retention.deleteBefore(
          'post_hourly_stats',
          'hour_start',
          daysAgo(this.config.HOURLY_ROLLUP_RETENTION_DAYS),
        ),
        this.retention.deleteBefore(
          'pending_post_views',
          'hour_start',
          daysAgo(PENDING_VIEWS_RETENTION_DAYS),
        ),
      ])
    ).reduce((sum, n) => sum + n, 0);
    if (created.length > 0 || dropped.length > 0) {
      this.logger.log(`Partitions: created ${created.length}, dropped ${dropped.length}`);
    }
    return { created, dropped, forgotten, settledViews };
  }
}
