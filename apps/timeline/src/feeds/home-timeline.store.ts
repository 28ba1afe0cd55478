import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import type { FeedEntry, FeedPosition } from './feed-entry.util';
import { BUILDING_MARKER, COMPLETE_MARKER, entryOf, isAfter, memberOf } from './feed-entry.util';

/**
 * Which rebuild of a timeline a read began: the building marker's score, -(the second it began
 * by Redis's clock × TOKEN_SPREAD + 22 random bits), so that two rebuilds' tokens differ (one in
 * four million for two begun in the same second) and a rebuild's age can be read from its marker,
 * by one clock whichever instance reads it. Below 2^53: integers a Redis score, a Lua number and
 * a JavaScript number hold exactly.
 */
export type RebuildToken = number;
export const TOKEN_SPREAD = 2 ** 22;
/** A rebuild unfinished after this long is taken to have died with its read. */
const REBUILD_STALE_SECONDS = 30;

/**
 * Adds an entry to a timeline only if the timeline is cached, then trims it to its bound. An
 * entry already there only moves later (`GT`): a late delivery of an older retweet of the same
 * post by the same member does not move it back.
 */
const ADD_IF_CACHED = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], 'GT', ARGV[1], ARGV[2])
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then
  -- A building marker (lowest of all) stays: trimmed, the timeline would pass for a finished one.
  local from = redis.call('ZSCORE', KEYS[1], '${BUILDING_MARKER}') and 1 or 0
  redis.call('ZREMRANGEBYRANK', KEYS[1], from, from + excess - 1)
end
return 1`;

/**
 * Starts a rebuild unless another is under way: the building marker goes in with the rebuild's
 * token as its score (negative, below every entry), and the timeline gets its expiry. A marker
 * already there is left alone, unless its rebuild began REBUILD_STALE_SECONDS ago or more (its
 * read died before finishing: it is taken over). The time is Redis's. KEYS: timeline. ARGV: ttl,
 * the token's random part. Returns the token, or 0 when another rebuild owns the timeline.
 */
const BEGIN_REBUILD = `
local now = tonumber(redis.call('TIME')[1])
local current = redis.call('ZSCORE', KEYS[1], '${BUILDING_MARKER}')
if current and math.floor(-tonumber(current) / ${TOKEN_SPREAD}) > now - ${REBUILD_STALE_SECONDS} then
  return 0
end
local token = -(now * ${TOKEN_SPREAD} + tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], token, '${BUILDING_MARKER}')
redis.call('EXPIRE', KEYS[1], ARGV[1])
return token`;

/**
 * Ends a rebuild, if the timeline is still the one this rebuild began (its building marker is
 * there with this rebuild's token: a timeline lost meanwhile is not recreated from a read that
 * may have missed what fan-out put in it since, nor finished by an older rebuild in the place of
 * one begun after the loss): adds the entries, marks it complete or not, trims it, sets its
 * expiry and the accounts merged at read. KEYS: timeline, merged. ARGV: ttl, max length,
 * complete (1/0), merged, token, then pairs of score and member. Returns 1 when written.
 */
const FINISH_REBUILD = `
local token = redis.call('ZSCORE', KEYS[1], '${BUILDING_MARKER}')
if not token or tonumber(token) ~= tonumber(ARGV[5]) then return 0 end
for i = 6, #ARGV, 2 do redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1]) end
if ARGV[3] == '1' then redis.call('ZADD', KEYS[1], 0, '${COMPLETE_MARKER}')
else redis.call('ZREM', KEYS[1], '${COMPLETE_MARKER}') end
redis.call('ZREM', KEYS[1], '${BUILDING_MARKER}')
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[2]) + 1))
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[4], 'EX', ARGV[1])
return 1`;

/**
 * One round trip per read: false when the timeline is not cached (or is being rebuilt); otherwise
 * its expiry is pushed back and the answer is {entries with scores, the
 * followed accounts merged at read, whether the complete-marker exists}.
 * ARGV: ttl, max score ('+inf' or the cursor's), offset, count.
 */
const READ_PAGE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if redis.call('ZSCORE', KEYS[1], '${BUILDING_MARKER}') then return false end
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
  timelineBeginRebuild(timelineKey: string, ttl: number, randomPart: number): Promise<number>;
  timelineFinishRebuild(
    timelineKey: string,
    mergedKey: string,
    ...args: (string | number)[]
  ): Promise<number>;
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
      redis.defineCommand('timelineBeginRebuild', { numberOfKeys: 1, lua: BEGIN_REBUILD });
      redis.defineCommand('timelineFinishRebuild', { numberOfKeys: 2, lua: FINISH_REBUILD });
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
   * Starts a rebuild: the timeline exists (empty but for the building marker) from now on, so
   * fan-outs that run while Postgres is read land in it; reads do not use it until it is done.
   * Returns the rebuild's token, or null when another rebuild of it is under way (that one
   * finishes it; this read serves itself), unless that one began REBUILD_STALE_SECONDS ago or more.
   */
  async beginRebuild(userId: string): Promise<RebuildToken | null> {
    const token = await this.redis.timelineBeginRebuild(
      this.timelineKey(userId),
      this.config.TIMELINE_TTL_SECONDS,
      randomInt(TOKEN_SPREAD),
    );
    return token === 0 ? null : token;
  }

  /**
   * Ends the rebuild `token` began with what Postgres gave; `complete` when that was the whole
   * history. False when the timeline was lost meanwhile, or is another rebuild's (nothing written
   * then).
   */
  async finishRebuild(
    userId: string,
    token: RebuildToken,
    entries: FeedEntry[],
    complete: boolean,
    mergedAuthors: string[],
  ): Promise<boolean> {
    const written = await this.redis.timelineFinishRebuild(
      this.timelineKey(userId),
      this.mergedKey(userId),
      this.config.TIMELINE_TTL_SECONDS,
      this.config.TIMELINE_MAX_LENGTH,
      complete ? '1' : '0',
      mergedAuthors.join(','),
      token,
      ...entries.flatMap((entry) => [entry.at, memberOf(entry)]),
    );
    return written === 1;
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
        if (member === COMPLETE_MARKER || member === BUILDING_MARKER) continue;
        if (!isAfter({ at, member }, cursor)) continue;
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
