import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { Gauge } from 'prom-client';
import { collectOrNull } from './collect-with-timeout';
import type { ServiceMetrics } from './service-metrics';

/** The job states counted per queue. Completed jobs are kept for a day and not a backlog. */
export const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

export interface QueueMetricsOptions {
  /** BullMQ's connection (its options; one connection is opened for all the queues watched). */
  connection: RedisOptions;
  /** BullMQ's key prefix. */
  prefix: string;
  /** The queues to watch. */
  queues: readonly string[];
}

/**
 * The backlog of the queues a service consumes, read when Prometheus scrapes: jobs per state
 * (`queue_jobs`) and how long the oldest job waiting to run has been due
 * (`queue_oldest_waiting_seconds`: since it was added, or since its time for a delayed or
 * scheduled one, so a retried job counts its backoff; 0 when none waits). A subscriber that falls behind, or a queue nobody consumes, shows as a
 * count that keeps growing and an age that keeps rising.
 */
export class QueueMetrics {
  private readonly redis: Redis;
  private readonly queues: Queue[];

  constructor(metrics: ServiceMetrics, options: QueueMetricsOptions) {
    // Not BullMQ's blocking worker connection: a scrape must fail fast while Redis is away.
    this.redis = new Redis({
      ...options.connection,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      connectionName: `${metrics.service}-queue-metrics`,
    });
    this.redis.on('error', () => {
      // Reconnects by itself; a scrape meanwhile leaves the queues' series out.
    });
    this.queues = options.queues.map(
      // Only read: no queue's meta key is written for watching it.
      (name) =>
        new Queue(name, { connection: this.redis, prefix: options.prefix, skipMetasUpdate: true }),
    );
    const queues = this.queues;
    const redis = this.redis;
    /**
     * A gauge's reading of each queue, set; or left out when it failed
     * or when Redis is not connected (yet, or any more: at once rather than after a wait).
     */
    const perQueue = async <T>(
      read: (queue: Queue) => Promise<T>,
      set: (queue: Queue, value: T) => void,
    ): Promise<void> => {
      if (redis.status !== 'ready') return;
      await Promise.all(
        queues.map(async (queue) => {
          const value = await collectOrNull(() => read(queue));
          if (value !== null) set(queue, value);
        }),
      );
    };
    const jobs = new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each state of a queue.',
      labelNames: ['queue', 'state'],
      registers: [metrics.registry],
      collect: async () => {
        jobs.reset();
        await perQueue(
          (queue) => queue.getJobCounts(...QUEUE_STATES),
          (queue, counts) => {
            for (const state of QUEUE_STATES) {
              jobs.set({ queue: queue.name, state }, counts[state] ?? 0);
            }
          },
        );
      },
    });
    const oldestWaiting = new Gauge({
      name: 'queue_oldest_waiting_seconds',
      help: 'How long the oldest job waiting to run in a queue has been due: since it was added, or since its time for a delayed one (0 when none waits).',
      labelNames: ['queue'],
      registers: [metrics.registry],
      collect: async () => {
        oldestWaiting.reset();
        await perQueue(
          // BullMQ adds to the head of the wait list and takes from its tail: the oldest is the
          // first in ascending order.
          (queue) => queue.getJobs(['wait'], 0, 0, true),
          (queue, oldest) => {
            const job = oldest[0];
            // Due from when it was added, or a delayed (scheduled) job from its time.
            const dueAt = job ? job.timestamp + (job.opts.delay ?? 0) : Date.now();
            oldestWaiting.set({ queue: queue.name }, Math.max(0, (Date.now() - dueAt) / 1000));
          },
        );
      },
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    this.redis.disconnect();
  }
}
