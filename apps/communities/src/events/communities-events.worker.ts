import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { EventWorker, nestMessagingLogger } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import { AuthorsRepository } from '../authors/authors.repository';
import type { CommunitiesConfig } from '../config/communities.config';
import { COMMUNITIES_CONFIG } from '../config/communities.config';

/** The service's subscriptions: the authors projection, from user.* events. */
@Injectable()
export class CommunitiesEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly worker: EventWorker<'communities'>;

  constructor(@Inject(COMMUNITIES_CONFIG) config: CommunitiesConfig, authors: AuthorsRepository) {
    this.worker = new EventWorker({
      consumer: 'communities',
      connection: bullConnection(config.REDIS_URL),
      prefix: bullPrefix(config.REDIS_KEY_PREFIX),
      logger: nestMessagingLogger('CommunitiesEvents'),
      handlers: {
        'user.registered': (event) => authors.apply(event),
        'user.updated': (event) => authors.apply(event),
      },
    });
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
