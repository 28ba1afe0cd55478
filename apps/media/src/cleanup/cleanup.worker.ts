import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { concurrencyOf, queueOptions, scheduledJobOptionsOf } from '@wave/redis';
import { ClaimVerificationService } from '../claims/claim-verification.service';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { ObjectStorage } from '../storage/object-storage';
import { storedKeysOf } from '../uploads/upload-signature.util';
import { UploadsRepository } from '../uploads/uploads.repository';
import type { QueueName } from '@wave/contracts';

export const CLEANUP_QUEUE = 'media-cleanup' satisfies QueueName;
const BATCH = 200;

/**
 * A scheduled BullMQ job (every CLEANUP_INTERVAL_SECONDS, one schedule for all
 * replicas) that first settles the claims still unverified after the grace
 * period (`ClaimVerificationService`: kept when their subject exists and,
 * for a profile, cover or icon, shows that image; given back otherwise),
 * then deletes uploads nothing claimed within
 * UNCLAIMED_TTL_SECONDS: their objects, then their rows, a batch at a time.
 */
@Injectable()
export class CleanupWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CleanupWorker.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly uploads: UploadsRepository,
    private readonly storage: ObjectStorage,
    private readonly claims: ClaimVerificationService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX);
    this.queue = new Queue(CLEANUP_QUEUE, connection);
    await this.queue.upsertJobScheduler(
      'delete-unclaimed',
      { every: this.config.CLEANUP_INTERVAL_SECONDS * 1000 },
      { name: 'delete-unclaimed', opts: scheduledJobOptionsOf(CLEANUP_QUEUE) },
    );
    this.worker = new Worker(CLEANUP_QUEUE, () => this.run(), {
      ...connection,
      concurrency: concurrencyOf(CLEANUP_QUEUE),
    });
    this.worker.on('failed', (_job, error) => this.logger.warn(`Cleanup failed: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** One run of the job. */
  async run(now: Date = new Date()): Promise<{ deleted: number }> {
    await this.claims.verify(now);
    return { deleted: await this.deleteUnclaimed(now) };
  }

  /** Deletes every expired unclaimed upload; returns how many. */
  async deleteUnclaimed(now: Date = new Date()): Promise<number> {
    const cutOff = new Date(now.getTime() - this.config.UNCLAIMED_TTL_SECONDS * 1000);
    let deleted = 0;
    for (;;) {
      const batch = await this.uploads.takeUnclaimed(cutOff, BATCH, (uploads) =>
        this.storage.remove(storedKeysOf(uploads.map((upload) => upload.id))),
      );
      deleted += batch;
      if (batch < BATCH) break;
    }
    if (deleted > 0) this.logger.log(`Deleted ${deleted} unclaimed uploads`);
    return deleted;
  }
}
