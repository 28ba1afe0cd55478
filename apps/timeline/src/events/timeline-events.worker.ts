import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@wave/contracts';
import { EventSubscriber } from '@wave/messaging';
import { AuthorsRepository } from '../authors/authors.repository';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { FanOutQueue } from '../feeds/fan-out.queue';
import { FanOutService } from '../feeds/fan-out.service';
import type { FeedEntry } from '../feeds/feed-entry.util';
import { HomeTimelineStore } from '../feeds/home-timeline.store';
import { FollowsRepository } from '../follows/follows.repository';
import { TweetViewsService } from '../tweet-cache/tweet-views.service';

/** What a new post or retweet's event did about its fan-out (its job's result). */
export type FanOutOutcome =
  | { delivered: number; mergedOnRead: false }
  /** The id of the fan-out job that delivers it. */
  | { queued: string };

/**
 * Timeline's subscriptions: the author and follow projections, and fan-out of
 * new posts and retweets (delivered with the event to a small audience, queued
 * as a fan-out job to a large one). A changed follow drops the follower's
 * cached timeline, rebuilt with the right sources on the next read. Its own
 * events of posts, interactions and pins bring the tweet cache up to what
 * PostgreSQL holds (see `TweetViewsService.reconcile`).
 */
@Injectable()
export class TimelineEventsWorker extends EventSubscriber<'timeline'> {
  constructor(
    @Inject(TIMELINE_CONFIG) config: TimelineConfig,
    authors: AuthorsRepository,
    follows: FollowsRepository,
    store: HomeTimelineStore,
    fanOut: FanOutQueue,
    delivery: FanOutService,
    views: TweetViewsService,
  ) {
    const applyUser = async (
      event: EventPayload<'user.registered'> | EventPayload<'user.updated'>,
    ): Promise<void> => {
      const applied = await authors.apply(event);
      if (applied)
        await views.authorApplied({ id: applied.id, version: applied.version, author: applied });
    };
    const invalidateFollowersOf = async (followeeId: string): Promise<void> => {
      for (let after: string | null = null; ;) {
        const batch = await follows.followersAfter(followeeId, after, config.FANOUT_BATCH_SIZE);
        await Promise.all(batch.map((followerId) => store.invalidate(followerId)));
        if (batch.length < config.FANOUT_BATCH_SIZE) return;
        after = batch[batch.length - 1] ?? null;
      }
    };
    // Delivered with the event when the audience is small (retrying the event delivers again,
    // which changes nothing), else queued as a resumable fan-out job: the result says which.
    const fanOutOf = async (actorId: string, entry: FeedEntry): Promise<FanOutOutcome> =>
      (await delivery.deliverAtOnce(actorId, entry)) ?? {
        queued: await fanOut.enqueue(actorId, entry),
      };
    // The tweet cache is handed each write after its commit; its own events hand it again
    // (`reconcile`), so a handing-over lost to a crash or to Redis is made good.
    const reconcileInteraction = (event: EventPayload<'like.created'>): Promise<void> =>
      views.reconcile({
        tweetIds: [event.tweetId],
        relations: [{ tweetId: event.tweetId, userId: event.userId }],
      });
    super({
      consumer: 'timeline',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'TimelineEvents',
      handlers: {
        'user.registered': applyUser,
        'user.updated': applyUser,
        'follow.created': async (event) => {
          const followers = await follows.add(
            event.followerId,
            event.followeeId,
            new Date(event.createdAt),
          );
          await store.invalidate(event.followerId);
          // The followee just outgrew fan-out: its followers' cached timelines do not merge
          // it at read time yet, so they are dropped and rebuilt (knowing it) on their next read.
          if (followers === config.FANOUT_MAX_FOLLOWERS + 1)
            await invalidateFollowersOf(event.followeeId);
        },
        'follow.deleted': async (event) => {
          await follows.remove(event.followerId, event.followeeId, new Date(event.deletedAt));
          await store.invalidate(event.followerId);
        },
        'tweet.created': async (event) => {
          // A reply moved its parent's count.
          if (event.parentId) {
            await views.reconcile({ tweetIds: [event.parentId] });
            return null;
          }
          return fanOutOf(event.authorId, {
            kind: 'post',
            tweetId: event.tweetId,
            at: new Date(event.createdAt).getTime(),
          });
        },
        'tweet.updated': (event) => views.reconcile({ tweetIds: [event.tweetId] }),
        'tweet.deleted': (event) =>
          views.reconcile({
            tweetIds: event.parentId ? [event.tweetId, event.parentId] : [event.tweetId],
          }),
        'like.created': reconcileInteraction,
        'like.deleted': reconcileInteraction,
        'retweet.created': async (event) => {
          // Both, whatever the other does (each is idempotent when the event comes again): a
          // cache that cannot be written does not hold the retweet back from followers.
          const [delivered, reconciled] = await Promise.allSettled([
            fanOutOf(event.userId, {
              kind: 'retweet',
              tweetId: event.tweetId,
              retweeterId: event.userId,
              at: new Date(event.at).getTime(),
            }),
            reconcileInteraction(event),
          ]);
          if (delivered.status === 'rejected') throw delivered.reason;
          if (reconciled.status === 'rejected') throw reconciled.reason;
          return delivered.value;
        },
        'retweet.deleted': reconcileInteraction,
        'tweet.pinned': (event) => views.reconcile({ pinsOf: [event.userId] }),
        'tweet.unpinned': (event) => views.reconcile({ pinsOf: [event.userId] }),
      },
    });
  }
}
