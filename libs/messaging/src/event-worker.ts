import type { Job } from 'bullmq';
import { UnrecoverableError, Worker } from 'bullmq';
import type {
  EventConsumer,
  EventEnvelope,
  EventName,
  EventPayload,
  SubscribedEvent,
} from '@wave/contracts';
import {
  eventEnvelopeSchema,
  eventPayloadSchemas,
  eventQueueName,
  subscribedEvents,
} from '@wave/contracts';
import type { QueueConnection } from './event-queues';
import { concurrencyOf, STALL_RECOVERY } from '@wave/redis';
import { queueTelemetry } from '@wave/tracing';

/** Handles an event; what it resolves with is kept as its job's result, for inspection. */
export type EventHandler<E extends EventName> = (
  payload: EventPayload<E>,
  envelope: EventEnvelope<E>,
) => Promise<unknown>;

/** One handler for every event the consumer subscribes to: no more, no fewer. */
export type EventHandlers<C extends EventConsumer> = {
  [E in SubscribedEvent<C>]: EventHandler<E>;
};

export interface WorkerLogger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface EventWorkerOptions<C extends EventConsumer> extends QueueConnection {
  consumer: C;
  handlers: EventHandlers<C>;
  concurrency?: number;
  logger: WorkerLogger;
}

/** Fails at start-up when the handlers do not match the subscription table. */
export function assertHandlersMatchSubscriptions(
  consumer: EventConsumer,
  handlers: Record<string, unknown>,
): void {
  const expected = new Set<string>(subscribedEvents(consumer));
  const given = new Set(Object.keys(handlers));
  const missing = [...expected].filter((name) => !given.has(name));
  const extra = [...given].filter((name) => !expected.has(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `Event handlers of ${consumer} do not match its subscriptions` +
        (missing.length ? `; missing: ${missing.join(', ')}` : '') +
        (extra.length ? `; not subscribed: ${extra.join(', ')}` : ''),
    );
  }
}

/**
 * Consumes one service's event queue. Envelopes and payloads are validated
 * before a handler sees them; an invalid job is parked at once (failed, kept),
 * a failing handler is retried with backoff and parked after its last attempt.
 * Handlers must be idempotent: an event can arrive more than once.
 */
export class EventWorker<C extends EventConsumer> {
  private worker: Worker | null = null;

  constructor(private readonly options: EventWorkerOptions<C>) {
    assertHandlersMatchSubscriptions(options.consumer, options.handlers);
  }

  start(): void {
    if (this.worker) return;
    this.worker = new Worker(eventQueueName(this.options.consumer), (job) => this.process(job), {
      connection: this.options.connection,
      prefix: this.options.prefix,
      ...queueTelemetry(),
      ...STALL_RECOVERY,
      concurrency: this.options.concurrency ?? concurrencyOf(eventQueueName(this.options.consumer)),
    });
    this.worker.on('failed', (job, error) => {
      const final = job && job.attemptsMade >= (job.opts.attempts ?? 1);
      const text = `${this.options.consumer} failed ${job?.name ?? 'a job'} (${job?.id ?? '?'})`;
      if (final || error instanceof UnrecoverableError)
        this.options.logger.error(`${text}: parked`, error);
      else
        this.options.logger.warn(`${text}, attempt ${job?.attemptsMade ?? '?'}: ${error.message}`);
    });
    this.worker.on('error', (error) => this.options.logger.error('Worker error', error));
  }

  async waitUntilReady(): Promise<void> {
    await this.worker?.waitUntilReady();
  }

  /** Finishes the jobs in hand, then stops. */
  async close(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
  }

  private async process(job: Job): Promise<unknown> {
    const envelope = eventEnvelopeSchema.safeParse(job.data);
    if (!envelope.success) {
      throw new UnrecoverableError(`Invalid event envelope: ${envelope.error.message}`);
    }
    const name = envelope.data.name;
    if (name !== job.name) throw new UnrecoverableError(`Job ${job.name} carries ${name}`);
    const handler = (
      this.options.handlers as unknown as Record<string, EventHandler<EventName> | undefined>
    )[name];
    if (!handler) throw new UnrecoverableError(`${this.options.consumer} does not handle ${name}`);
    const payload = eventPayloadSchemas[name].safeParse(envelope.data.payload);
    if (!payload.success) {
      throw new UnrecoverableError(`Invalid ${name} payload: ${payload.error.message}`);
    }
    return handler(payload.data, { ...envelope.data, payload: payload.data });
  }
}
