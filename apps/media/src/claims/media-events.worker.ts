import { Inject, Injectable } from '@nestjs/common';
import { EventSubscriber } from '@wave/messaging';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { ClaimsService } from './claims.service';

/**
 * Releases claims from the `media-events` queue: a deleted tweet's images, a
 * deleted community post's media, a replaced profile or cover image or
 * community icon. Each release is idempotent, so the queue's retries with
 * backoff are safe; jobs that keep failing stay in the queue.
 */
@Injectable()
export class MediaEventsWorker extends EventSubscriber<'media'> {
  constructor(@Inject(MEDIA_CONFIG) config: MediaConfig, claims: ClaimsService) {
    super({
      consumer: 'media',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'MediaEvents',
      handlers: {
        'tweet.deleted': async (event) => {
          await claims.tweetDeleted(event);
        },
        'community.post.deleted': async (event) => {
          await claims.communityPostDeleted(event);
        },
        'user.updated': async (event) => {
          await claims.userUpdated(event);
        },
        'community.updated': async (event) => {
          await claims.communityUpdated(event);
        },
      },
    });
  }
}
