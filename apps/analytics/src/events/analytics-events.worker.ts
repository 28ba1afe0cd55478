import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@wave/contracts';
import { EventSubscriber } from '@wave/messaging';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { EngagementService } from './engagement.service';
import type { AnalyticsEvent } from './event-effects.util';

/**
 * The `analytics-events` queue: posts, likes, replies, retweets, follows, users and
 * communities (for their pages: Auto-SEO and the sitemaps), and community activity, kept raw.
 * It has been filling since the first release, so the first start drains the whole backlog;
 * each event is applied once (EngagementRepository), so retries and redeliveries are safe.
 */
@Injectable()
export class AnalyticsEventsWorker extends EventSubscriber<'analytics'> {
  constructor(@Inject(ANALYTICS_CONFIG) config: AnalyticsConfig, engagement: EngagementService) {
    // The envelope is one of the analytics events (the worker checked its name and payload).
    const apply = async (_payload: unknown, envelope: EventEnvelope): Promise<void> => {
      await engagement.apply(envelope as AnalyticsEvent);
    };
    super({
      consumer: 'analytics',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      logContext: 'AnalyticsEvents',
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
