import type { JobsOptions, RedisOptions } from 'bullmq';
import { Queue } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import type { EventConsumer, EventEnvelope, EventName, EventPayload } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';
import { jobOptionsOf } from '@wave/redis';
import { queueTelemetry } from '@wave/tracing';

export interface QueueConnection {
  connection: RedisOptions;
  prefix: string;
}

/**
 * Options of an event job for a consumer: a deterministic id (the event id, so a relay that
 * runs twice adds nothing twice), and its queue's retries and retention (`QUEUES`).
 */
export const eventJobOptions = (consumer: EventConsumer, eventId: string): JobsOptions =>
  jobOptionsOf(eventQueueName(consumer), eventId);

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
        ...queueTelemetry(),
      });
      this.queues.set(consumer, queue);
    }
    return queue;
  }

  /**
   * Adds one event to one consumer's queue, as the relay does: for replaying an
   * event to a consumer, and for tests. Returns the event's id (its job's id).
   */
  async publish<E extends EventName>(
    consumer: EventConsumer,
    name: E,
    payload: EventPayload<E>,
  ): Promise<string> {
    const eventId = uuidv7();
    const envelope: EventEnvelope<E> = {
      eventId,
      name,
      occurredAt: new Date().toISOString(),
      payload,
    };
    await this.get(consumer).add(name, envelope, eventJobOptions(consumer, eventId));
    return eventId;
  }

  /** Adds events to one consumer's queue in one round trip (a replay's page). */
  async publishAll(
    consumer: EventConsumer,
    events: readonly { name: EventName; payload: unknown }[],
  ): Promise<void> {
    if (events.length === 0) return;
    const occurredAt = new Date().toISOString();
    await this.get(consumer).addBulk(
      events.map(({ name, payload }) => {
        const eventId = uuidv7();
        const envelope = { eventId, name, occurredAt, payload };
        return { name, data: envelope, opts: eventJobOptions(consumer, eventId) };
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
