import { Inject, Injectable } from '@nestjs/common';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { FollowsRepository } from '../follows/follows.repository';
import type { FeedEntry } from './feed-entry.util';
import { HomeTimelineStore } from './home-timeline.store';

/**
 * Fan-out on write: a new post or retweet goes into the actor's own cached
 * timeline and those of their followers, a batch of followers per round trip.
 * Accounts with more than FANOUT_MAX_FOLLOWERS followers are skipped: their
 * posts are merged into their followers' timelines at read time.
 */
@Injectable()
export class FanOutService {
  constructor(
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
    private readonly follows: FollowsRepository,
    private readonly store: HomeTimelineStore,
  ) {}

  /**
   * Delivers the entry at once when the actor's followers fit in one batch (most accounts): one
   * query for them and one round trip to Redis for their timelines and the actor's own. Null,
   * having delivered nothing, when they do not: then a fan-out job (`deliver`, resumable, and
   * the one to decide on merging at read time) does it.
   */
  async deliverAtOnce(
    actorId: string,
    entry: FeedEntry,
  ): Promise<{ delivered: number; mergedOnRead: false } | null> {
    const most = Math.min(this.config.FANOUT_BATCH_SIZE, this.config.FANOUT_MAX_FOLLOWERS);
    const followers = await this.follows.followersAfter(actorId, null, most + 1);
    if (followers.length > most) return null;
    await this.store.addToCached([actorId, ...followers], entry);
    return { delivered: followers.length, mergedOnRead: false };
  }

  /**
   * Delivers the entry, starting after `resumeAfter` (a follower id) when a
   * previous attempt got that far; `progress` is told after every batch.
   */
  async deliver(
    actorId: string,
    entry: FeedEntry,
    resumeAfter: string | null,
    progress: (after: string) => Promise<void>,
  ): Promise<{ delivered: number; mergedOnRead: boolean }> {
    if (!resumeAfter) await this.store.addToCached([actorId], entry);
    if ((await this.follows.followersCount(actorId)) > this.config.FANOUT_MAX_FOLLOWERS) {
      return { delivered: 0, mergedOnRead: true };
    }
    let after = resumeAfter;
    let delivered = 0;
    for (;;) {
      const followers = await this.follows.followersAfter(
        actorId,
        after,
        this.config.FANOUT_BATCH_SIZE,
      );
      if (followers.length === 0) break;
      await this.store.addToCached(followers, entry);
      delivered += followers.length;
      after = followers[followers.length - 1] ?? after;
      if (after) await progress(after);
      if (followers.length < this.config.FANOUT_BATCH_SIZE) break;
    }
    return { delivered, mergedOnRead: false };
  }
}
