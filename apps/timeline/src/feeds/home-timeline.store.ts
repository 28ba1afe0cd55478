import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import type { FeedEntry, FeedPosition } from './feed-entry.util';
import { COMPLETE_MARKER, entryOf, isAfter, memberOf } from './feed-entry.util';

/** Adds an entry to a timeline only if the timeline is cached, then trims it to its bound. */
const ADD_IF_CACHED = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, excess - 1) end
return 1`;

/**
 * One round trip per read: false when the timeline is not cached; otherwise
 * its expiry is pushed back and the answer is {entries with scores, the
 * followed accounts merged at read, whether the complete-marker exists}.
 * ARGV: ttl, max score ('+inf' or the cursor's), offset, count.
 */
const READ_PAGE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
local entries = redis.call('ZRANGE', KEYS[1], ARGV[2], '-inf', 'BYSCORE', 'REV', 'LIMIT', ARGV[3], ARGV[4], 'WITHSCORES')
local merged = redis.call('GET', KEYS[2]) or ''
local complete = redis.call('ZSCORE', KEYS[1], '${COMPLETE_MARKER}') and 1 or 0
return {entries, merged, complete}`;

type TimelineRedis = Redis & {
  timelineAddIfCached(
    key: string,
    score: number,
    member: string,
    maxLength: number,
  ): Promise<number>;
  timelineReadPage(
    timelineKey: string,
    mergedKey: string,
    ttl: number,
    max: string,
    offset: number,
    count: number,
  ): Promise<[string[], string, number] | null>;
};

export interface TimelinePage {
  entries: FeedEntry[];
  /** The cache has nothing more after these entries. */
  exhausted: boolean;
  /** The cache holds the reader's whole history (nothing older was trimmed away). */
  complete: boolean;
  /** Followed accounts too big to fan out, whose posts are merged at read time. */
  mergedAuthors: string[];
}

/**
 * Home timelines cached in Redis: one sorted set per reader, bounded to
 * TIMELINE_MAX_LENGTH entries, expiring when unread, next to the list of
 * followed accounts merged at read time. Fan-out writes only into timelines
 * that are cached; a missing one is rebuilt from Postgres on read. Both keys
 * of a reader share a hash tag, so a cluster keeps them in one slot.
 */
@Injectable()
export class HomeTimelineStore {
  private readonly redis: TimelineRedis;

  constructor(
    @Inject(REDIS_CLIENT) redis: Redis,
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
  ) {
    if (!('timelineAddIfCached' in redis)) {
      redis.defineCommand('timelineAddIfCached', { numberOfKeys: 1, lua: ADD_IF_CACHED });
      redis.defineCommand('timelineReadPage', { numberOfKeys: 2, lua: READ_PAGE });
    }
    this.redis = redis as TimelineRedis;
  }

  private timelineKey(userId: string): string {
    return `timeline:home:{${userId}}`;
  }

  private mergedKey(userId: string): string {
    return `timeline:merged:{${userId}}`;
  }

  /** Adds the entry to every one of these readers' timelines that is cached (one round trip). */
  async addToCached(userIds: string[], entry: FeedEntry): Promise<void> {
    if (userIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    const member = memberOf(entry);
    for (const userId of userIds) {
      void (pipeline as unknown as TimelineRedis).timelineAddIfCached(
        this.timelineKey(userId),
        entry.at,
        member,
        this.config.TIMELINE_MAX_LENGTH,
      );
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  /**
   * Starts a rebuild: the timeline exists (empty but for the marker) from now
   * on, so fan-outs that run while Postgres is read land in it.
   */
  async beginRebuild(userId: string): Promise<void> {
    await this.redis
      .multi()
      .zadd(this.timelineKey(userId), 0, COMPLETE_MARKER)
      .expire(this.timelineKey(userId), this.config.TIMELINE_TTL_SECONDS)
      .exec();
  }

  /** Ends a rebuild with what Postgres gave; `complete` when that was the whole history. */
  async finishRebuild(
    userId: string,
    entries: FeedEntry[],
    complete: boolean,
    mergedAuthors: string[],
  ): Promise<void> {
    const key = this.timelineKey(userId);
    const transaction = this.redis.multi();
    if (entries.length > 0) {
      transaction.zadd(key, ...entries.flatMap((entry) => [entry.at, memberOf(entry)]));
    }
    if (!complete) transaction.zrem(key, COMPLETE_MARKER);
    transaction.zremrangebyrank(key, 0, -(this.config.TIMELINE_MAX_LENGTH + 1));
    transaction.expire(key, this.config.TIMELINE_TTL_SECONDS);
    transaction.set(
      this.mergedKey(userId),
      mergedAuthors.join(','),
      'EX',
      this.config.TIMELINE_TTL_SECONDS,
    );
    await transaction.exec();
  }

  async invalidate(userId: string): Promise<void> {
    await this.redis.del(this.timelineKey(userId), this.mergedKey(userId));
  }

  async remove(userId: string, entries: FeedEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.redis.zrem(this.timelineKey(userId), ...entries.map(memberOf));
  }

  /** Up to `count` entries after the cursor, newest first; null when the timeline is not cached. */
  async page(
    userId: string,
    cursor: FeedPosition | null,
    count: number,
  ): Promise<TimelinePage | null> {
    const entries: FeedEntry[] = [];
    const batch = count + 20;
    let offset = 0;
    let leftOver = false;
    for (;;) {
      const answer = await this.redis.timelineReadPage(
        this.timelineKey(userId),
        this.mergedKey(userId),
        this.config.TIMELINE_TTL_SECONDS,
        cursor ? String(cursor.at) : '+inf',
        offset,
        batch,
      );
      if (!answer) return null;
      const [raw, merged, complete] = answer;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const member = raw[i] ?? '';
        const at = Number(raw[i + 1]);
        if (member === COMPLETE_MARKER || !isAfter({ at, member }, cursor)) continue;
        const entry = entryOf(member, at);
        if (!entry) continue;
        if (entries.length < count) entries.push(entry);
        else leftOver = true;
      }
      // Entries read but not returned are still to come: not exhausted then.
      const exhausted = raw.length < batch * 2 && !leftOver;
      if (exhausted || entries.length >= count) {
        return {
          entries,
          exhausted,
          complete: complete === 1,
          mergedAuthors: merged.length > 0 ? merged.split(',') : [],
        };
      }
      offset += batch;
    }
  }
}
