import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import type { PinState, TweetState } from '../tweets/tweets.repository';
import type { CachedRelation, CachedTweet, VersionedAuthor } from './tweet-cache.codec';
import {
  decodeAuthor,
  decodePin,
  decodeRelation,
  decodeTweet,
  encodeAuthor,
  encodePin,
  encodeRelation,
  encodeTombstone,
  encodeTweet,
  TOMBSTONE_VERSION,
} from './tweet-cache.codec';

/**
 * Sets the key to "<version> <body>" unless it holds a version as high already; the expiry is
 * set anew with every value written (never pushed back by reads).
 * KEYS: the key. ARGV: version, body, ttl in ms. Returns 1 when written.
 */
const PUT_IF_NEWER = `
local current = redis.call('GET', KEYS[1])
if current then
  local version = tonumber(string.match(current, '^(%d+) '))
  if version and version >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. ARGV[2], 'PX', ARGV[3])
return 1`;

/**
 * Writes relations into a member's hash, each field unless it holds a version as high already,
 * then the fill marker when one is given; the expiry is set when the hash has none (a fill or
 * a first write starts it, and nothing pushes it back).
 * KEYS: the hash. ARGV: ttl in ms, marker ('' for none), then triples field, version, body.
 */
const PUT_RELATIONS = `
for i = 3, #ARGV, 3 do
  local current = redis.call('HGET', KEYS[1], ARGV[i])
  local version = current and tonumber(string.match(current, '^(%d+) '))
  if not version or version < tonumber(ARGV[i + 1]) then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1] .. ' ' .. ARGV[i + 2])
  end
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], '~', ARGV[2]) end
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

type CacheRedis = Redis & {
  tweetCachePut(key: string, version: number, body: string, ttlMs: number): Promise<number>;
  tweetCachePutRelations(key: string, ...args: (string | number)[]): Promise<number>;
};

/** What a member's relations hash says: whether it is filled (and wholly), and the fields asked. */
export interface CachedRelations {
  /** 'complete': every like and retweet of the member is in the hash; 'partial': the recent ones. */
  fill: 'complete' | 'partial' | null;
  byTweet: Map<string, CachedRelation>;
}

/**
 * The tweet cache in Redis: each tweet's shared state (`tweet:<id>`), each author's
 * (`author:<id>`) and pin (`pin:<id>`), and each member's likes and retweets (`relations:{<member>}`, a hash of
 * tweet id to flags, with the member's hash tag as their home timeline has). Every value
 * carries the version of the row it was read from, and a write never replaces a higher one:
 * writers hand over the state their transaction committed, readers the state they read, and
 * whichever order they arrive in, the later state stays. A deleted tweet leaves a tombstone of
 * the highest version. Values expire a fixed time after they were written, which bounds what a
 * write lost to a crash between commit and cache can leave behind.
 */
@Injectable()
export class TweetCacheStore {
  private readonly redis: CacheRedis;
  private readonly ttlMs: number;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(TIMELINE_CONFIG) config: TimelineConfig) {
    if (!('tweetCachePut' in redis)) {
      redis.defineCommand('tweetCachePut', { numberOfKeys: 1, lua: PUT_IF_NEWER });
      redis.defineCommand('tweetCachePutRelations', { numberOfKeys: 1, lua: PUT_RELATIONS });
    }
    this.redis = redis as CacheRedis;
    this.ttlMs = config.TWEET_CACHE_TTL_SECONDS * 1000;
  }

  /**
   * The cached tweets among `ids` (misses left out) and, for a reader, their relations: one
   * round trip.
   */
  async read(
    ids: readonly string[],
    readerId: string | null,
  ): Promise<{ tweets: Map<string, CachedTweet>; relations: CachedRelations | null }> {
    // One MGET rather than a GET each: a command object and a reply fewer per tweet. (The keys
    // span slots: on a Redis Cluster this is to be sent per slot, which ioredis does not do.)
    const pipeline = this.redis.pipeline();
    pipeline.mget(ids.map(tweetKey));
    if (readerId) pipeline.hmget(relationsKey(readerId), FILL_FIELD, ...ids);
    const [values, relationFields] = throwFirstError(await pipeline.exec()) as [
      (string | null)[],
      (string | null)[] | undefined,
    ];
    const tweets = new Map<string, CachedTweet>();
    ids.forEach((id, index) => {
      const value = values[index];
      const tweet = typeof value === 'string' ? decodeTweet(id, value) : null;
      if (tweet) tweets.set(id, tweet);
    });
    if (!readerId) return { tweets, relations: null };
    const fields = relationFields ?? [];
    const byTweet = new Map<string, CachedRelation>();
    ids.forEach((id, index) => {
      const value = fields[index + 1];
      const relation = typeof value === 'string' ? decodeRelation(value) : null;
      if (relation) byTweet.set(id, relation);
    });
    const fill = fields[0] === 'c' ? 'complete' : fields[0] === 'p' ? 'partial' : null;
    return { tweets, relations: { fill, byTweet } };
  }

  /** The cached authors among `ids`, and with `withPins` their pins (misses left out). */
  async readAuthors(
    ids: readonly string[],
    withPins: boolean,
  ): Promise<{ authors: Map<string, VersionedAuthor>; pins: Map<string, PinState> }> {
    const authors = new Map<string, VersionedAuthor>();
    const pins = new Map<string, PinState>();
    if (ids.length === 0) return { authors, pins };
    const answers = await this.redis.mget([
      ...ids.map(authorKey),
      ...(withPins ? ids.map(pinKey) : []),
    ]);
    ids.forEach((id, index) => {
      const value = answers[index];
      const author = typeof value === 'string' ? decodeAuthor(id, value) : null;
      if (author) authors.set(id, author);
      const pinValue = withPins ? answers[ids.length + index] : null;
      const pin = typeof pinValue === 'string' ? decodePin(id, pinValue) : null;
      if (pin) pins.set(id, pin);
    });
    return { authors, pins };
  }

  /** Hands the cache tweets' states and deleted tweets' tombstones (one round trip). */
  async putTweets(
    states: readonly TweetState[],
    deletedIds: readonly string[] = [],
  ): Promise<void> {
    if (states.length === 0 && deletedIds.length === 0) return;
    const pipeline = this.redis.pipeline() as unknown as CacheRedis & { exec: Redis['exec'] };
    for (const state of states) {
      void pipeline.tweetCachePut(
        tweetKey(state.id),
        state.version,
        encodeTweet(state),
        this.ttlMs,
      );
    }
    for (const id of deletedIds) {
      void pipeline.tweetCachePut(tweetKey(id), TOMBSTONE_VERSION, encodeTombstone(), this.ttlMs);
    }
    throwFirstError(await pipeline.exec());
  }

  async putAuthors(authors: readonly VersionedAuthor[]): Promise<void> {
    if (authors.length === 0) return;
    const pipeline = this.redis.pipeline() as unknown as CacheRedis & { exec: Redis['exec'] };
    for (const { id, version, author } of authors) {
      void pipeline.tweetCachePut(authorKey(id), version, encodeAuthor(author), this.ttlMs);
    }
    throwFirstError(await pipeline.exec());
  }

  async putPins(pins: readonly PinState[]): Promise<void> {
    if (pins.length === 0) return;
    const pipeline = this.redis.pipeline() as unknown as CacheRedis & { exec: Redis['exec'] };
    for (const pin of pins) {
      void pipeline.tweetCachePut(
        pinKey(pin.userId),
        pin.version,
        encodePin(pin.tweetId),
        this.ttlMs,
      );
    }
    throwFirstError(await pipeline.exec());
  }

  /**
   * Hands the cache a member's relations to tweets; `fill` marks the hash as filled from
   * PostgreSQL (wholly or with the recent ones only).
   */
  async putRelations(
    userId: string,
    relations: readonly ({ tweetId: string } & CachedRelation)[],
    fill: 'complete' | 'partial' | null = null,
  ): Promise<void> {
    if (relations.length === 0 && !fill) return;
    const args: (string | number)[] = [this.ttlMs, fill === null ? '' : fill.charAt(0)];
    for (const relation of relations) {
      args.push(relation.tweetId, relation.version, encodeRelation(relation));
    }
    await this.redis.tweetCachePutRelations(relationsKey(userId), ...args);
  }
}

/** The field of a member's relations hash that says it was filled ('c' or 'p'). */
const FILL_FIELD = '~';

const tweetKey = (id: string): string => `tweet:${id}`;
const authorKey = (id: string): string => `author:${id}`;
const pinKey = (userId: string): string => `pin:${userId}`;
const relationsKey = (userId: string): string => `relations:{${userId}}`;

/** A pipeline's answers, or its first error thrown. */
function throwFirstError(results: [Error | null, unknown][] | null): unknown[] {
  const failed = results?.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return (results ?? []).map(([, value]) => value);
}
