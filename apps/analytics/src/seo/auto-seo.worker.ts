import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { concurrencyOf, queueOptions, scheduledJobOptionsOf } from '@wave/redis';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { AutoSeoService } from './auto-seo.service';
import type { QueueName } from '@wave/contracts';

export const AUTO_SEO_QUEUE = 'analytics-auto-seo' satisfies QueueName;

/**
 * A scheduled BullMQ job (every AUTO_SEO_INTERVAL_SECONDS, one schedule for all replicas)
 * that analyses the pages due, AUTO_SEO_BATCH_SIZE at a time; none in a process started with
 * AUTO_SEO_ENABLED off (the demo seed's, which runs before the web server whose pages it reads).
 */
@Injectable()
export class AutoSeoWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AutoSeoWorker.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly autoSeo: AutoSeoService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.AUTO_SEO_ENABLED) return;
    const connection = queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX);
    this.queue = new Queue(AUTO_SEO_QUEUE, connection);
    await this.queue.upsertJobScheduler(
      'analyse-due',
      { every: this.config.AUTO_SEO_INTERVAL_SECONDS * 1000 },
      { name: 'analyse-due', opts: scheduledJobOptionsOf(AUTO_SEO_QUEUE) },
    );
    this.worker = new Worker(
      AUTO_SEO_QUEUE,
      () => this.autoSeo.analyseDue(this.config.AUTO_SEO_BATCH_SIZE),
      { ...connection, concurrency: concurrencyOf(AUTO_SEO_QUEUE) },
    );
    this.worker.on('failed', (_job, error) =>
      this.logger.warn(`Auto-SEO run failed: ${error.message}`),
    );
    // Without a listener, a Redis connection that drops (or closes while the worker is still
    // connecting, as when the app stops right after it started) would crash the process.
    this.worker.on('error', (error) =>
      this.logger.error(`Auto-SEO worker error: ${error.message}`),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
