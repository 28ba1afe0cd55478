import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@wave/contracts';
import { EventBatcher, EventSubscriber } from '@wave/messaging';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { EngagementService } from './engagement.service';
import type { AnalyticsEvent } from './event-effects.util';
import { concurrencyOf } from '@wave/redis';

/**
 * The most events applied in one transaction: the worker takes as many jobs at once, so a
 * backlog (the first start's, or a burst) is applied a batch at a time.
 */
export const EVENT_BATCH_SIZE = concurrencyOf('analytics-events');
/** How long an event waits for others to join its batch: nothing a reader notices. */
const EVENT_BATCH_WAIT_MS = 10;

/**
 * The `analytics-events` queue: posts, likes, replies, retweets, follows, users and
 * communities (for their pages: Auto-SEO and the sitemaps), and community activity, kept raw.
 * It has been filling since the first release, so the first start drains the whole backlog;
 * each event is applied once (EngagementRepository), so retries and redeliveries are safe.
 * The events in hand at once are applied together (EventBatcher); a batch that fails is
 * applied again one event at a time, so a bad event is retried and parked alone.
 */
@Injectable()
export class AnalyticsEventsWorker extends EventSubscriber<'analytics'> {
  constructor(@Inject(ANALYTICS_CONFIG) config: AnalyticsConfig, engagement: EngagementService) {
    const batcher = new EventBatcher<AnalyticsEvent>({
      maxSize: EVENT_BATCH_SIZE,
      maxWaitMs: EVENT_BATCH_WAIT_MS,
      applyAll: async (events) => {
        await engagement.applyAll(events);
      },
      applyOne: async (event) => {
        await engagement.apply(event);
      },
    });
    // The envelope is one of the analytics events (the worker checked its name and payload).
    const apply = (_payload: unknown, envelope: EventEnvelope): Promise<void> =>
      batcher.add(envelope as AnalyticsEvent);
    super({
      consumer: 'analytics',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'AnalyticsEvents',
      concurrency: EVENT_BATCH_SIZE,
      handlers: {
        'user.registered': apply,
        'user.updated': apply,
        'community.created': apply,
        'community.updated': apply,
        'follow.created': apply,
        'follow.deleted': apply,
        'tweet.created': apply,
        'tweet.updated': apply,
        'tweet.deleted': apply,
        'reply.created': apply,
        'like.created': apply,
        'like.deleted': apply,
        'retweet.created': apply,
        'retweet.deleted': apply,
        'community.joined': apply,
        'community.left': apply,
        'community.role.changed': apply,
        'community.post.created': apply,
        'community.post.deleted': apply,
        'community.post.liked': apply,
        'community.post.unliked': apply,
        'community.comment.created': apply,
      },
    });
  }
}
