import type { Job, Queue } from 'bullmq';
import type { EventConsumer, EventName, EventPayload } from '@wave/contracts';
import { eventually } from './polling';

/** What `publishEvent` needs of `EventQueues` (libs/messaging, whose own tests use this lib). */
export interface EventPublisher {
  get(consumer: EventConsumer): Queue;
  publish<E extends EventName>(
    consumer: EventConsumer,
    name: E,
    payload: EventPayload<E>,
  ): Promise<string>;
}

/**
 * Publishes an event to one consumer's queue as the owner's outbox relay
 * would, and returns the job once that consumer completed it (throws if it
 * failed for good or took longer than `timeoutMs`).
 */
export async function publishEvent<E extends EventName>(
  events: EventPublisher,
  consumer: EventConsumer,
  name: E,
  payload: EventPayload<E>,
  timeoutMs = 10_000,
): Promise<Job> {
  const eventId = await events.publish(consumer, name, payload);
  const queue = events.get(consumer);
  await eventually(
    async () => {
      const state = await queue.getJobState(eventId);
      if (state === 'failed') throw new Error(`${name} failed for good`);
      return state;
    },
    (state) => state === 'completed',
    { what: `${name} ${eventId}`, timeoutMs },
  );
  const job = await queue.getJob(eventId);
  if (!job) throw new Error(`job ${eventId} is gone`);
  return job;
}
