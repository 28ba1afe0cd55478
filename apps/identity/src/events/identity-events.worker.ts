import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { EventWorker, nestMessagingLogger } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_CONFIG } from '../config/identity.config';
import { UsersRepository } from '../users/users.repository';

/** Identity's subscriptions: the pinned tweet that profiles show (pinnedTweetId). */
@Injectable()
export class IdentityEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly worker: EventWorker<'identity'>;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig, users: UsersRepository) {
    this.worker = new EventWorker({
      consumer: 'identity',
      connection: bullConnection(config.REDIS_URL),
      prefix: bullPrefix(config.REDIS_KEY_PREFIX),
      logger: nestMessagingLogger('IdentityEvents'),
      handlers: {
        'tweet.pinned': (event) => users.applyPin(event.userId, event.tweetId, event.version),
        'tweet.unpinned': (event) => users.applyPin(event.userId, null, event.version),
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
