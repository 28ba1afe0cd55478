import type { ServiceName } from '../services.contract';
import type { EventConsumer } from './event.contract';
import { EVENT_CONSUMERS, eventQueueName } from './event.contract';

/** How long, or how many, finished jobs a queue keeps for inspection. */
export interface KeptJobs {
  seconds?: number;
  count?: number;
}

/** One queue: who consumes it, and how its jobs are retried, kept and run. */
export interface QueueSpec {
  /** The service whose workers take its jobs. */
  consumer: ServiceName;
  /** What a job of it is. */
  carries: string;
  /** Tries of a job before it is parked (kept as failed, for inspection and replay). */
  attempts: number;
  /** The wait before each retry: doubling from `delayMs`, or the worker's own strategy. */
  backoff?: { type: 'exponential'; delayMs: number } | { type: 'custom' };
  /** Jobs done, kept (or `false`: removed at once). */
  keepCompleted: KeptJobs | false;
  /** Jobs parked after their last attempt, kept. */
  keepFailed: KeptJobs;
  /** Jobs one worker runs at once (the default of its service's setting, where it has one). */
  concurrency: number;
}

/** Every service's event queue: retried for about two minutes, kept a day, parked for two weeks. */
const eventQueue = (consumer: EventConsumer, concurrency = 8): QueueSpec => ({
  consumer,
  carries: `the events ${consumer} subscribes to (EVENT_SUBSCRIPTIONS)`,
  attempts: 8,
  backoff: { type: 'exponential', delayMs: 1_000 },
  keepCompleted: { seconds: 24 * 3600, count: 50_000 },
  keepFailed: { seconds: 14 * 24 * 3600 },
  concurrency,
});

/** A job a service schedules for itself (a job scheduler): one run at a time, the last 100 kept. */
const scheduledQueue = (consumer: ServiceName, carries: string): QueueSpec => ({
  consumer,
  carries,
  attempts: 1,
  keepCompleted: { count: 100 },
  keepFailed: { count: 100 },
  concurrency: 1,
});

const EVENT_QUEUES = Object.fromEntries(
  EVENT_CONSUMERS.map((consumer) => [
    eventQueueName(consumer),
    // Analytics and recommendations apply their events in batches of this many.
    eventQueue(consumer, consumer === 'analytics' || consumer === 'recommendations' ? 32 : 8),
  ]),
) as Record<`${EventConsumer}-events`, QueueSpec>;

/**
 * Every queue of the platform, in one place: each service's event queue (filled by the owners'
 * outbox relays, from the subscription table) and the services' own job queues. Workers and the
 * code that adds jobs take their settings from here, the metrics watch every queue named here,
 * and a test checks that no queue is opened under another name.
 */
export const QUEUES = {
  ...EVENT_QUEUES,
  'timeline-fanout': {
    consumer: 'timeline',
    carries: 'a post or retweet to write into its author’s followers’ home timelines, in batches',
    attempts: 5,
    backoff: { type: 'exponential', delayMs: 1_000 },
    keepCompleted: { seconds: 3600, count: 10_000 },
    keepFailed: { seconds: 7 * 24 * 3600 },
    concurrency: 4,
  },
  'analytics-ingest': {
    consumer: 'analytics',
    carries:
      'a batch of page views or impressions (the gateway adds page views, analytics impressions)',
    attempts: 8,
    backoff: { type: 'exponential', delayMs: 1_000 },
    keepCompleted: { seconds: 3600, count: 10_000 },
    keepFailed: { seconds: 14 * 24 * 3600 },
    concurrency: 4,
  },
  'analytics-backfill': {
    consumer: 'analytics',
    carries: 'the one-off backfill of analytics’ projections from the owners',
    // Retried for a day, at most every 30 s (the worker's strategy), while an owner is away.
    attempts: 2_880,
    backoff: { type: 'custom' },
    keepCompleted: false,
    keepFailed: { seconds: 14 * 24 * 3600 },
    concurrency: 1,
  },
  'analytics-maintenance': scheduledQueue('analytics', 'partitions, retention and rollups, hourly'),
  'analytics-auto-seo': scheduledQueue('analytics', 'the public pages due for SEO analysis'),
  'media-cleanup': scheduledQueue('media', 'uploads never claimed, deleted after their time'),
  'recommendations-training': scheduledQueue('recommendations', 'retraining the ranker'),
} as const satisfies Record<string, QueueSpec>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
