import { Inject, Injectable } from '@nestjs/common';
import { EventSubscriber } from '@wave/messaging';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_CONFIG } from '../config/identity.config';
import { UsersRepository } from '../users/users.repository';

/** Identity's subscriptions: the pinned tweet that profiles show (pinnedTweetId). */
@Injectable()
export class IdentityEventsWorker extends EventSubscriber<'identity'> {
  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig, users: UsersRepository) {
    super({
      consumer: 'identity',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'IdentityEvents',
      handlers: {
        'tweet.pinned': (event) => users.applyPin(event.userId, event.tweetId, event.version),
        'tweet.unpinned': (event) => users.applyPin(event.userId, null, event.version),
      },
    });
  }
}
