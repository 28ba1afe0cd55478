import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventConsumer } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { QueueConnection } from './event-queues';
import { EventQueues } from './event-queues';
import type { WorkerLogger } from './event-worker';
import type { OutboxRelayOptions, RelayLogger } from './outbox';
import { EventOutbox, OutboxRelay } from './outbox';
import { OutboxMetrics } from './outbox-metrics';

/** The relay's and workers' logger, on Nest's logger (JSON lines with the request context). */
export const nestMessagingLogger = (context: string): RelayLogger & WorkerLogger => {
  const logger = new Logger(context);
  return {
    warn: (message) => logger.warn(message),
    error: (message, error) =>
      logger.error(message, error instanceof Error ? error.stack : String(error)),
  };
};

@Injectable()
class OutboxLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly queues: EventQueues,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queues.close();
  }
}

export interface PublisherOptions extends OutboxRelayOptions {
  connection: QueueConnection;
}

/** The variables every service's configuration has (`commonEnvShape`) that its relay needs. */
export interface PublisherConfig {
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  EVENT_SUBSCRIBERS: readonly EventConsumer[];
}

/** Gives a service `EventOutbox` (write events in a transaction) and runs its relay. */
@Module({})
export class MessagingModule {
  /** The publisher of a service, from its configuration. */
  static forService(config: PublisherConfig): DynamicModule {
    return MessagingModule.forPublisher({
      connection: {
        connection: bullConnection(config.REDIS_URL),
        prefix: bullPrefix(config.REDIS_KEY_PREFIX),
      },
      subscribers: config.EVENT_SUBSCRIBERS,
    });
  }

  static forPublisher(options: PublisherOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        { provide: EventQueues, useFactory: () => new EventQueues(options.connection) },
        {
          provide: OutboxRelay,
          inject: [DataSource, EventQueues],
          useFactory: (dataSource: DataSource, queues: EventQueues) =>
            new OutboxRelay(dataSource, queues, nestMessagingLogger(OutboxRelay.name), options),
        },
        {
          provide: EventOutbox,
          inject: [DataSource, OutboxRelay],
          useFactory: (dataSource: DataSource, relay: OutboxRelay) =>
            new EventOutbox(dataSource, relay),
        },
        OutboxLifecycle,
        OutboxMetrics,
      ],
      exports: [EventOutbox, OutboxRelay, EventQueues],
    };
  }
}
