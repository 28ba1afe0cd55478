import { Inject, Injectable } from '@nestjs/common';
import { EventSubscriber } from '@wave/messaging';
import { AuthorsRepository } from '../authors/authors.repository';
import type { CommunitiesConfig } from '../config/communities.config';
import { COMMUNITIES_CONFIG } from '../config/communities.config';

/** The service's subscriptions: the authors projection, from user.* events. */
@Injectable()
export class CommunitiesEventsWorker extends EventSubscriber<'communities'> {
  constructor(@Inject(COMMUNITIES_CONFIG) config: CommunitiesConfig, authors: AuthorsRepository) {
    super({
      consumer: 'communities',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'CommunitiesEvents',
      handlers: {
        'user.registered': (event) => authors.apply(event),
        'user.updated': (event) => authors.apply(event),
      },
    });
  }
}
