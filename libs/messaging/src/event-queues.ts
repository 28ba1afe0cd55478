import type { JobsOptions, RedisOptions } from 'bullmq';
import { Queue } from 'bullmq';
import type { EventConsumer } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';

export interface QueueConnection {
  connection: RedisOptions;
  prefix: string;
}

/**
 * Options of every event job: a deterministic id (the event id, so a relay that
 * runs twice adds nothing twice), retries with exponential backoff, completed
 * jobs kept a day, failed ones two weeks for inspection.
 */
export const eventJobOptions = (eventId: string): JobsOptions => ({
  jobId: eventId,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 50_000 },
  removeOnFail: { age: 14 * 24 * 3600 },
});

/** One BullMQ queue per consuming service, opened on first use. */
export class EventQueues {
  private readonly queues = new Map<EventConsumer, Queue>();

  constructor(private readonly options: QueueConnection) {}

  get(consumer: EventConsumer): Queue {
    let queue = this.queues.get(consumer);
    if (!queue) {
      queue = new Queue(eventQueueName(consumer), {
        connection: this.options.connection,
        prefix: this.options.prefix,
      });
      this.queues.set(consumer, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
