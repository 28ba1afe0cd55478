import type { OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import type { EventConsumer } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { EventHandlers } from './event-worker';
import { EventWorker } from './event-worker';
import { nestMessagingLogger } from './messaging.module';

export interface EventSubscriberOptions<C extends EventConsumer> {
  consumer: C;
  /** The service's Redis and key prefix (its queues live there). */
  redisUrl: string;
  /**
   * The consumers the deployment's relays deliver to (EVENT_SUBSCRIBERS): a consumer missing
   * from it would receive nothing, so it refuses to start.
   */
  subscribers: readonly EventConsumer[];
  redisKeyPrefix: string;
  /** The log context, the subclass's name by convention. */
  logContext: string;
  handlers: EventHandlers<C>;
  concurrency?: number;
}

/**
 * A service's event subscriptions as a Nest provider: the subclass passes its
 * handlers to the constructor; its queue is consumed from application start
 * to shutdown.
 */
export abstract class EventSubscriber<C extends EventConsumer>
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly worker: EventWorker<C>;

  protected constructor(options: EventSubscriberOptions<C>) {
    if (!options.subscribers.includes(options.consumer)) {
      throw new Error(
        `EVENT_SUBSCRIBERS (${options.subscribers.join(', ')}) does not name ${options.consumer}: ` +
          'the relays would send it no event. Add it, and restart the publishers first.',
      );
    }
    this.worker = new EventWorker({
      consumer: options.consumer,
      connection: bullConnection(options.redisUrl),
      prefix: bullPrefix(options.redisKeyPrefix),
      logger: nestMessagingLogger(options.logContext),
      handlers: options.handlers,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    });
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
