import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { UnrecoverableError, Worker } from 'bullmq';
import { queueOptions, STALL_RECOVERY } from '@wave/redis';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { FAN_OUT_QUEUE, fanOutJobSchema, fanOutProgressSchema } from './fan-out.queue';
import { FanOutService } from './fan-out.service';

/** Runs fan-out jobs; a retried job resumes after the last follower batch it finished. */
@Injectable()
export class FanOutWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(FanOutWorker.name);
  private worker: Worker | null = null;

  constructor(
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
    private readonly fanOut: FanOutService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(FAN_OUT_QUEUE, (job) => this.process(job), {
      ...queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX),
      ...STALL_RECOVERY,
      concurrency: this.config.FANOUT_CONCURRENCY,
    });
    this.worker.on('failed', (job, error) => {
      const text = `Fan-out ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`;
      // Its followers past the saved place never get the post: say so as an error.
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (final || error instanceof UnrecoverableError) this.logger.error(`${text}; parked`);
      else this.logger.warn(text);
    });
    this.worker.on('error', (error) => this.logger.error(`Fan-out worker error: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  private async process(job: Job): Promise<{ delivered: number; mergedOnRead: boolean }> {
    const data = fanOutJobSchema.safeParse(job.data);
    if (!data.success) throw new UnrecoverableError(`Invalid fan-out job: ${data.error.message}`);
    const progress = fanOutProgressSchema.safeParse(job.progress);
    return this.fanOut.deliver(
      data.data.actorId,
      data.data.entry,
      progress.success ? progress.data.after : null,
      (after) => job.updateProgress({ after }),
    );
  }
}
