import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { UnrecoverableError, Worker } from 'bullmq';
import { queueOptions, STALL_RECOVERY } from '@wave/redis';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { INGEST_QUEUE, ingestBatchJobSchema } from '@wave/analytics-ingest';
import type { BatchResult } from './ingest.service';
import { IngestService } from './ingest.service';

/** Writes batches of views, INGEST_CONCURRENCY at once; a retried batch that was written changes nothing. */
@Injectable()
export class IngestWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(IngestWorker.name);
  private worker: Worker | null = null;

  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly ingest: IngestService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(INGEST_QUEUE, (job) => this.process(job), {
      ...queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX),
      ...STALL_RECOVERY,
      concurrency: this.config.INGEST_CONCURRENCY,
    });
    this.worker.on('failed', (job, error) => {
      const final = job && job.attemptsMade >= (job.opts.attempts ?? 1);
      const text = `Batch ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'})`;
      if (final || error instanceof UnrecoverableError)
        this.logger.error(`${text}: parked`, error.stack);
      else this.logger.warn(`${text}: ${error.message}`);
    });
    this.worker.on('error', (error) => this.logger.error(`Ingest worker error: ${error.message}`));
  }

  /** Finishes the batches in hand, then stops. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  private async process(job: Job): Promise<BatchResult> {
    const data = ingestBatchJobSchema.safeParse(job.data);
    if (!data.success) throw new UnrecoverableError(`Invalid batch: ${data.error.message}`);
    return this.ingest.writeBatch(data.data, new Date());
  }
}
