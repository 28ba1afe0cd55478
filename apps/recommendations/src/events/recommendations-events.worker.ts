import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@wave/contracts';
import { EventBatcher, EventSubscriber } from '@wave/messaging';
import type { RecommendationsConfig } from '../config/recommendations.config';
import { RECOMMENDATIONS_CONFIG } from '../config/recommendations.config';
import type { RecommendationsEvent } from '../signals/signals.service';
import { SignalsService } from '../signals/signals.service';
import { concurrencyOf } from '@wave/redis';

/** The most events applied in one transaction (the worker takes as many jobs at once). */
export const EVENT_BATCH_SIZE = concurrencyOf('recommendations-events');
const EVENT_BATCH_WAIT_MS = 10;

/**
 * The `recommendations-events` queue: users, follows, posts, likes, retweets, communities,
 * memberships, community activity and search clicks. It has been filling since the first
 * release, so the first start drains the whole backlog; each event is applied once
 * (SignalsService), a batch at a time; a batch that fails is applied again one event at a time,
 * so a bad event is retried and parked alone.
 */
@Injectable()
export class RecommendationsEventsWorker extends EventSubscriber<'recommendations'> {
  constructor(
    @Inject(RECOMMENDATIONS_CONFIG) config: RecommendationsConfig,
    signals: SignalsService,
  ) {
    const batcher = new EventBatcher<RecommendationsEvent>({
      maxSize: EVENT_BATCH_SIZE,
      maxWaitMs: EVENT_BATCH_WAIT_MS,
      applyAll: async (events) => {
        await signals.applyAll(events);
      },
      applyOne: async (event) => {
        await signals.applyAll([event]);
      },
    });
    // The envelope is one of the recommendations events (the worker checked its name and payload).
    const apply = (_payload: unknown, envelope: EventEnvelope): Promise<void> =>
      batcher.add(envelope as RecommendationsEvent);
    super({
      consumer: 'recommendations',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'RecommendationsEvents',
      concurrency: EVENT_BATCH_SIZE,
      handlers: {
        'user.registered': apply,
        'user.updated': apply,
        'follow.created': apply,
        'follow.deleted': apply,
        'tweet.created': apply,
        'tweet.updated': apply,
        'tweet.deleted': apply,
        'like.created': apply,
        'like.deleted': apply,
        'retweet.created': apply,
        'retweet.deleted': apply,
        'community.created': apply,
        'community.updated': apply,
        'community.joined': apply,
        'community.left': apply,
        'community.role.changed': apply,
        'community.post.created': apply,
        'community.post.deleted': apply,
        'community.post.liked': apply,
        'community.post.unliked': apply,
        'search.clicked': apply,
      },
    });
  }
}
