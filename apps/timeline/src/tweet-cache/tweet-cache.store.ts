import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import type { PinState, TweetState } from '../tweets/tweets.repository';
import type { CachedRelation, CachedTweet, VersionedAuthor } from './tweet-cache.codec';
import {
  AuthorDecoder,
  decodePin,
  decodeRelation,
  encodeAuthor,
  encodePin,
  encodeRelation,
  encodeTombstone,
  encodeTweet,
  TOMBSTONE_VERSION,
  TweetDecoder,
} from './tweet-cache.codec';

/**
 * Who may write a value: a writer always (token ''), and it takes away any fill's lease on the
 * key, so a fill that read PostgreSQL before this write committed writes nothing; a fill only
 * with the lease it took before reading PostgreSQL, still there (not taken away by a writer,
 * nor lost with the key), and gives it back.
 */
const LEASE_CHECK = `
if ARGV[1] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])`;

/**
 * Sets the key to "<version> <body>" unless it holds a version as high already; the expiry is
 * set anew with every value written (never pushed back by reads).
 * KEYS: the key, its lease. ARGV: token ('' for a writer), version, body, ttl in ms. Returns 1
 * when written.
 */
const PUT_IF_NEWER = `${LEASE_CHECK}
local current = redis.call('GET', KEYS[1])
if current then
  local version = tonumber(string.match(current, '^(%d+) '))
  if version and version >= tonumber(ARGV[2]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2] .. ' ' .. ARGV[3], 'PX', ARGV[4])
return 1`;

/**
 * Writes relations into a member's hash, each field unless it holds a version as high already,
 * then the fill marker when one is given; the expiry is set when the hash has none (a fill or
 * a first write starts it, and nothing pushes it back).
 * KEYS: the hash, its lease. ARGV: token ('' for a writer), ttl in ms, marker ('' for none),
 * then triples field, version, body.
 */
const PUT_RELATIONS = `${LEASE_CHECK}
for i = 4, #ARGV, 3 do
  local current = redis.call('HGET', KEYS[1], ARGV[i])
  local version = current and tonumber(string.match(current, '^(%d+) '))
  if not version or version < tonumber(ARGV[i + 1]) then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1] .. ' ' .. ARGV[i + 2])
  end
end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], '~', ARGV[3]) end
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

/** How long a fill may take between its lease and its write. */
const LEASE_MS = 10_000;

type CacheRedis = Redis & {
  tweetCachePut(
    key: string,
    leaseKey: string,
    token: string,
    version: number,
    body: string,
    ttlMs: number,
  ): Promise<number>;
  tweetCachePutRelations(
    key: string,
    leaseKey: string,
    ...args: (string | number)[]
  ): Promise<number>;
};

/** A fill's leases: the token, and the ids it holds one for. */
export interface Leases {
  token: string;
  ids: Set<string>;
}

/** The kinds of value kept by id (a member's relations are kept by member). */
export type CachedKind = 'tweet' | 'author' | 'pin';

/** What a member's relations hash says: whether it is filled (and wholly), and the fields asked. */
export interface CachedRelations {
  /** 'complete': every like and retweet of the member is in the hash; 'partial': the recent ones. */
  fill: 'complete' | 'partial' | null;
  byTweet: Map<string, CachedRelation>;
}

/**
 * The tweet cache in Redis: each tweet's shared state (`tweet:{<id>}`), each author's
 * (`author:{<id>}`) and pin (`pin:{<id>}`), and each member's likes and retweets (`relations:{<member>}`, a hash of
 * tweet id to flags, with the member's hash tag as their home timeline has). Every value
 * carries the version of the row it was read from, and a write never replaces a higher one:
 * writers hand over the state their transaction committed, readers the state they read, and
 * whichever order they arrive in, the later state stays. A reader fills only under a lease it
 * took before reading PostgreSQL, which every writer of that value takes away: a fill that
 * read before a write committed is refused even when the write's value was lost meanwhile (a
 * flush, an eviction). A deleted tweet leaves a tombstone of the highest version. Values expire a fixed time after they were written, which bounds what a
 * write lost to a crash between commit and cache can leave behind.
 */
@Injectable()
export class TweetCacheStore {
  private readonly redis: CacheRedis;
  private readonly ttlMs: number;
  private readonly decoder = new TweetDecoder();
  private readonly authorDecoder = new AuthorDecoder();

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(TIMELINE_CONFIG) config: TimelineConfig) {
    if (!('tweetCachePut' in redis)) {
      redis.defineCommand('tweetCachePut', { numberOfKeys: 2, lua: PUT_IF_NEWER });
      redis.defineCommand('tweetCachePutRelations', { numberOfKeys: 2, lua: PUT_RELATIONS });
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
      const tweet = typeof value === 'string' ? this.decoder.decode(id, value) : null;
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
      const author = typeof value === 'string' ? this.authorDecoder.decode(id, value) : null;
      if (author) authors.set(id, author);
      const pinValue = withPins ? answers[ids.length + index] : null;
      const pin = typeof pinValue === 'string' ? decodePin(id, pinValue) : null;
      if (pin) pins.set(id, pin);
    });
    return { authors, pins };
  }

  /**
   * Takes a fill's leases on these values (one round trip), before PostgreSQL is read: only the
   * ids leased may be filled, with `leases.token` (another read may be filling the rest).
   */
  async lease(kind: CachedKind | 'relations', ids: readonly string[]): Promise<Leases> {
    const token = randomUUID();
    if (ids.length === 0) return { token, ids: new Set() };
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.set(leaseKey(keyOf(kind, id)), token, 'PX', LEASE_MS, 'NX');
    const answers = throwFirstError(await pipeline.exec());
    return { token, ids: new Set(ids.filter((_, index) => answers[index] === 'OK')) };
  }

  /**
   * Hands the cache tweets' states and deleted tweets' tombstones (one round trip): a writer's
   * (no `leases`), or a fill's, of the ids it leased.
   */
  async putTweets(
    states: readonly TweetState[],
    deletedIds: readonly string[] = [],
    leases?: Leases,
  ): Promise<void> {
    await this.put(
      'tweet',
      [
        ...states.map((state) => ({
          id: state.id,
          version: state.version,
          body: encodeTweet(state),
        })),
        ...deletedIds.map((id) => ({ id, version: TOMBSTONE_VERSION, body: encodeTombstone() })),
      ],
      leases,
    );
  }

  async putAuthors(authors: readonly VersionedAuthor[], leases?: Leases): Promise<void> {
    await this.put(
      'author',
      authors.map(({ id, version, author }) => ({ id, version, body: encodeAuthor(author) })),
      leases,
    );
  }

  async putPins(pins: readonly PinState[], leases?: Leases): Promise<void> {
    await this.put(
      'pin',
      pins.map((pin) => ({ id: pin.userId, version: pin.version, body: encodePin(pin.tweetId) })),
      leases,
    );
  }

  private async put(
    kind: CachedKind,
    values: readonly { id: string; version: number; body: string }[],
    leases: Leases | undefined,
  ): Promise<void> {
    const allowed = leases ? values.filter((value) => leases.ids.has(value.id)) : values;
    if (allowed.length === 0) return;
    const pipeline = this.redis.pipeline() as unknown as CacheRedis & { exec: Redis['exec'] };
    for (const { id, version, body } of allowed) {
      const key = keyOf(kind, id);
      void pipeline.tweetCachePut(
        key,
        leaseKey(key),
        leases?.token ?? '',
        version,
        body,
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
    fill: { leases: Leases; complete: boolean } | null = null,
  ): Promise<void> {
    if (fill && !fill.leases.ids.has(userId)) return;
    if (relations.length === 0 && !fill) return;
    const args: (string | number)[] = [
      fill?.leases.token ?? '',
      this.ttlMs,
      fill === null ? '' : fill.complete ? 'c' : 'p',
    ];
    for (const relation of relations) {
      args.push(relation.tweetId, relation.version, encodeRelation(relation));
    }
    const key = relationsKey(userId);
    await this.redis.tweetCachePutRelations(key, leaseKey(key), ...args);
  }
}

/** The field of a member's relations hash that says it was filled ('c' or 'p'). */
const FILL_FIELD = '~';

// Each value's key and its lease's share a hash tag (one slot on a cluster).
export const tweetKey = (id: string): string => `tweet:{${id}}`;
const authorKey = (id: string): string => `author:{${id}}`;
const pinKey = (userId: string): string => `pin:{${userId}}`;
const relationsKey = (userId: string): string => `relations:{${userId}}`;
const leaseKey = (key: string): string => `${key}:lease`;
const keyOf = (kind: CachedKind | 'relations', id: string): string =>
  kind === 'tweet'
    ? tweetKey(id)
    : kind === 'author'
      ? authorKey(id)
      : kind === 'pin'
        ? pinKey(id)
        : relationsKey(id);

/** A pipeline's answers, or its first error thrown. */
function throwFirstError(results: [Error | null, unknown][] | null): unknown[] {
  const failed = results?.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return (results ?? []).map(([, value]) => value);
}
