import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { concurrencyOf, queueOptions, scheduledJobOptionsOf } from '@wave/redis';
import type { RecommendationsConfig } from '../config/recommendations.config';
import { RECOMMENDATIONS_CONFIG } from '../config/recommendations.config';
import { FEATURE_NAMES } from '../ranking/features';
import { ImpressionsRepository } from '../ranking/impressions.repository';
import { ModelService } from '../ranking/model.service';
import { ModelsRepository } from '../ranking/models.repository';
import { TOPICAL_WINDOW_DAYS } from '../signals/signal-weights.constant';
import { SignalsRepository } from '../signals/signals.repository';
import type { TrainingOutcome } from './train-ranker';
import { trainRanker } from './train-ranker';
import type { QueueName } from '@wave/contracts';

export const TRAINING_QUEUE = 'recommendations-training' satisfies QueueName;
/** The most recent outcomes one training run reads. */
export const TRAINING_SAMPLES_MAX = 200_000;
const DAY_MS = 86_400_000;
/** Event ids are kept long past any redelivery (a retried job, a relay that ran twice). */
export const APPLIED_IDS_RETENTION_DAYS = 30;

export interface TrainingRun extends TrainingOutcome {
  modelId: number | null;
  pruned: number;
  forgottenEvents: number;
  forgottenPostTags: number;
}

/**
 * A scheduled BullMQ job (every TRAINING_INTERVAL_SECONDS, one schedule for all replicas that
 * run it): retrains the ranker from what members did with what they were shown, keeps the new
 * weights when they are better on held-out members, and forgets impressions past their retention
 * event ids past any redelivery, and the hashtags of posts too old to be topical.
 */
@Injectable()
export class TrainingWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TrainingWorker.name);
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(RECOMMENDATIONS_CONFIG) private readonly config: RecommendationsConfig,
    private readonly impressions: ImpressionsRepository,
    private readonly models: ModelsRepository,
    private readonly model: ModelService,
    private readonly signals: SignalsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.TRAINING_ENABLED) return;
    const connection = queueOptions(this.config.REDIS_URL, this.config.REDIS_KEY_PREFIX);
    this.queue = new Queue(TRAINING_QUEUE, connection);
    await this.queue.upsertJobScheduler(
      'train',
      { every: this.config.TRAINING_INTERVAL_SECONDS * 1000 },
      { name: 'train', opts: scheduledJobOptionsOf(TRAINING_QUEUE) },
    );
    this.worker = new Worker(TRAINING_QUEUE, () => this.run(), {
      ...connection,
      concurrency: concurrencyOf(TRAINING_QUEUE),
    });
    this.worker.on('failed', (_job, error) =>
      this.logger.warn(`Training failed: ${error.message}`),
    );
    this.worker.on('error', (error) =>
      this.logger.error(`Training worker error: ${error.message}`),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** One run of the job. */
  async run(now: Date = new Date()): Promise<TrainingRun> {
    const pruned = await this.impressions.prune(
      new Date(now.getTime() - this.config.IMPRESSIONS_RETENTION_DAYS * DAY_MS),
    );
    const forgottenEvents = await this.signals.forgetAppliedBefore(
      new Date(now.getTime() - APPLIED_IDS_RETENTION_DAYS * DAY_MS),
    );
    const forgottenPostTags = await this.signals.forgetPostTagsBefore(
      new Date(now.getTime() - TOPICAL_WINDOW_DAYS * DAY_MS),
    );
    const samples = await this.impressions.trainingSamples(
      now,
      this.config.IGNORED_AFTER_HOURS,
      TRAINING_SAMPLES_MAX,
    );
    this.model.forget();
    const current = await this.model.current(now.getTime());
    const outcome = trainRanker(samples, current.weights);
    let modelId: number | null = null;
    if (outcome.weights && outcome.metrics) {
      modelId = await this.models.add({
        featureNames: [...FEATURE_NAMES],
        weights: outcome.weights,
        samples: outcome.metrics.samples,
        metrics: outcome.metrics,
        trainedAt: now,
      });
      this.model.forget();
    }
    this.logger.log(`Ranker training: ${outcome.reason}${modelId ? ` (model ${modelId})` : ''}`);
    return { ...outcome, modelId, pruned, forgottenEvents, forgottenPostTags };
  }
}
