import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthorsRepository } from '../authors/authors.repository';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import type { TweetRelation } from '../tweets/interactions.repository';
import { InteractionsRepository } from '../tweets/interactions.repository';
import type { PinState, StoredTweetView, TweetState, TweetView } from '../tweets/tweets.repository';
import { TweetsRepository } from '../tweets/tweets.repository';
import type { CachedRelation, VersionedAuthor } from './tweet-cache.codec';
import type { CachedKind, Leases } from './tweet-cache.store';
import { FeedCacheMetrics } from './feed-cache.metrics';
import { TweetCacheStore } from './tweet-cache.store';

/** What a committed write hands the cache: tweets' new states, deleted tweets, a member's flags. */
export interface CommittedTweetChanges {
  states?: readonly TweetState[];
  deletedIds?: readonly string[];
  relations?: readonly TweetRelation[];
  pins?: readonly PinState[];
}

/** What a committed write may have left stale in the cache: tweets, members' flags, pins. */
export interface StaleAfterWrite {
  tweetIds?: readonly string[];
  relations?: readonly { tweetId: string; userId: string }[];
  /** Members whose pin changed. */
  pinsOf?: readonly string[];
}

/**
 * Tweets as a reader sees them, from the tweet cache, with what it misses read from
 * PostgreSQL (one query for the missing tweets, one for missing authors, one to fill the
 * reader's relations when they are not cached) and handed to the cache. A warm read is two
 * Redis round trips and no query. Writers hand over what they committed (`committed`).
 * When Redis fails, reads fall back to PostgreSQL alone.
 */
@Injectable()
export class TweetViewsService {
  private readonly logger = new Logger(TweetViewsService.name);

  constructor(
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
    private readonly cache: TweetCacheStore,
    private readonly tweets: TweetsRepository,
    private readonly interactions: InteractionsRepository,
    private readonly authors: AuthorsRepository,
    private readonly cacheMetrics: FeedCacheMetrics,
  ) {}

  /** The tweets among `ids` that exist, with their authors and the reader's flags, in no order. */
  async views(ids: readonly string[], readerId: string | null): Promise<TweetView[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    let cached;
    try {
      cached = await this.cache.read(unique, readerId);
    } catch (error) {
      this.logger.warn(`Tweet cache unavailable, reading PostgreSQL: ${messageOf(error)}`);
      this.cacheMetrics.tweetUnavailable.inc(unique.length);
      return this.tweets.views(unique, readerId);
    }
    const misses = unique.filter((id) => !cached.tweets.has(id));
    this.cacheMetrics.tweetHit.inc(unique.length - misses.length);
    if (misses.length > 0) this.cacheMetrics.tweetMiss.inc(misses.length);
    // Leased before PostgreSQL is read: a write that commits meanwhile refuses this fill.
    const leases = await this.lease('tweet', misses);
    const read: StoredTweetView[] =
      misses.length > 0 ? await this.tweets.views(misses, readerId) : [];
    const states: TweetState[] = [];
    for (const tweet of cached.tweets.values()) if (tweet !== 'deleted') states.push(tweet);
    const [{ authors, pins }, flags] = await Promise.all([
      this.authorsOf(states),
      readerId
        ? this.relationsOf(readerId, states, cached.relations)
        : Promise.resolve(new Map<string, CachedRelation>()),
    ]);
    if (leases) await this.keep(() => this.cache.putTweets(read, [], leases));
    const views: TweetView[] = [...read];
    for (const state of states) {
      const author = authors.get(state.authorId);
      const pin = pins.get(state.authorId) ?? { userId: state.authorId, tweetId: null, version: 0 };
      const relation = flags.get(state.id);
      // The decoded state is this read's own: completed in place rather than copied (the
      // feed's hottest allocation).
      const view = state as TweetView;
      view.author = author?.author ?? null;
      view.authorVersion = author?.version ?? 0;
      view.isPinned = pin.tweetId === state.id;
      view.isLiked = relation?.liked ?? false;
      view.isRetweeted = relation?.retweeted ?? false;
      views.push(view);
    }
    return views;
  }

  /** Authors by id from the cache, those it misses from PostgreSQL (and handed to the cache). */
  async authorsById(ids: readonly string[]): Promise<Map<string, VersionedAuthor>> {
    return (await this.authorsAndPins(ids, false)).authors;
  }

  /** Authors, and with `withPins` their pins: from the cache, what it misses from PostgreSQL. */
  private async authorsAndPins(
    ids: readonly string[],
    withPins: boolean,
  ): Promise<{ authors: Map<string, VersionedAuthor>; pins: Map<string, PinState> }> {
    const unique = [...new Set(ids)];
    let cached = { authors: new Map<string, VersionedAuthor>(), pins: new Map<string, PinState>() };
    try {
      cached = await this.cache.readAuthors(unique, withPins);
    } catch (error) {
      this.logger.warn(`Tweet cache unavailable, reading PostgreSQL: ${messageOf(error)}`);
    }
    const { authors, pins } = cached;
    const missingAuthors = unique.filter((id) => !authors.has(id));
    const missingPins = withPins ? unique.filter((id) => !pins.has(id)) : [];
    const [authorLeases, pinLeases] = await Promise.all([
      this.lease('author', missingAuthors),
      this.lease('pin', missingPins),
    ]);
    const [readAuthors, readPins] = await Promise.all([
      missingAuthors.length > 0 ? this.authors.findByIds(missingAuthors) : [],
      missingPins.length > 0 ? this.interactions.pinsOf(missingPins) : [],
    ]);
    const read: VersionedAuthor[] = readAuthors.map((row) => ({
      id: row.id,
      version: row.version,
      author: {
        username: row.username,
        displayName: row.displayName,
        firstName: row.firstName,
        lastName: row.lastName,
        profileImageUrl: row.profileImageUrl,
        verified: row.verified,
      },
    }));
    await this.keep(async () => {
      if (authorLeases) await this.cache.putAuthors(read, authorLeases);
      if (pinLeases) await this.cache.putPins(readPins, pinLeases);
    });
    for (const author of read) authors.set(author.id, author);
    for (const pin of readPins) pins.set(pin.userId, pin);
    return { authors, pins };
  }

  /**
   * Hands the cache what a transaction committed (called after the commit). A failure is
   * logged, not thrown: the write stands, and the values it would have replaced expire.
   */
  async committed(changes: CommittedTweetChanges): Promise<void> {
    await this.keep(async () => {
      await this.cache.putTweets(changes.states ?? [], changes.deletedIds ?? []);
      await this.cache.putPins(changes.pins ?? []);
      await this.putRelations(changes.relations ?? []);
    });
  }

  /** Members' flags on tweets, into each member's relations (one round trip per member). */
  private async putRelations(relations: readonly TweetRelation[]): Promise<void> {
    const byMember = new Map<string, TweetRelation[]>();
    for (const relation of relations) {
      if (!relation.userId) continue;
      byMember.set(relation.userId, [...(byMember.get(relation.userId) ?? []), relation]);
    }
    await Promise.all([...byMember].map(([userId, mine]) => this.cache.putRelations(userId, mine)));
  }

  /**
   * Brings the cache up to what PostgreSQL holds now for these tweets (a tombstone for one that
   * no longer exists), members' flags on tweets, and members' pins: what the event of a committed
   * write asks once it is delivered (timeline hears its own events), so that a write whose
   * handing-over after the commit was lost (the process died, or Redis failed then) is seen all
   * the same. Values are versioned: only newer ones are written, so this changes nothing when
   * the write's own handing-over went through. A failure is thrown: the event is delivered again.
   */
  async reconcile(of: StaleAfterWrite): Promise<void> {
    const tweetIds = [...new Set(of.tweetIds ?? [])];
    const [states, relations, pins] = await Promise.all([
      this.tweets.states(tweetIds),
      this.interactions.relationsOfPairs(of.relations ?? []),
      this.interactions.pinsOf(of.pinsOf ?? []),
    ]);
    const found = new Set(states.map((state) => state.id));
    await this.cache.putTweets(
      states,
      tweetIds.filter((id) => !found.has(id)),
    );
    await this.cache.putPins(pins);
    await this.putRelations(relations);
  }

  /**
   * An author's state as the projection holds it (called once it is committed). A failure is
   * thrown: the event is then delivered again, and put again.
   */
  async authorApplied(author: VersionedAuthor): Promise<void> {
    await this.cache.putAuthors([author]);
  }

  /** The authors and pins of the cached tweets (those read from PostgreSQL came with theirs). */
  private async authorsOf(
    states: readonly TweetState[],
  ): Promise<{ authors: Map<string, VersionedAuthor>; pins: Map<string, PinState> }> {
    if (states.length === 0) return { authors: new Map(), pins: new Map() };
    return this.authorsAndPins(
      states.map((state) => state.authorId),
      true,
    );
  }

  /** The reader's flags on the cached tweets: from the cache, filled from PostgreSQL when needed. */
  private async relationsOf(
    readerId: string,
    states: readonly TweetState[],
    cached: { fill: 'complete' | 'partial' | null; byTweet: Map<string, CachedRelation> } | null,
  ): Promise<Map<string, CachedRelation>> {
    const flags = new Map(cached?.byTweet ?? []);
    let fill = cached?.fill ?? null;
    if (fill === null && states.length > 0) {
      const leases = await this.lease('relations', [readerId]);
      const { relations, complete } = await this.interactions.relationsOf(
        readerId,
        this.config.TWEET_CACHE_RELATIONS_LIMIT,
      );
      fill = complete ? 'complete' : 'partial';
      if (leases) {
        await this.keep(() => this.cache.putRelations(readerId, relations, { leases, complete }));
      }
      for (const relation of relations) {
        const current = flags.get(relation.tweetId);
        if (!current || current.version < relation.version) flags.set(relation.tweetId, relation);
      }
    }
    if (fill === 'partial') {
      const unknown = states.filter((state) => !flags.has(state.id)).map((state) => state.id);
      if (unknown.length > 0) {
        const read = await this.interactions.relationsWith(readerId, unknown);
        for (const relation of read) flags.set(relation.tweetId, relation);
      }
    }
    return flags;
  }

  /** A fill's leases on these values; undefined when Redis cannot give them (no fill then). */
  private async lease(
    kind: CachedKind | 'relations',
    ids: readonly string[],
  ): Promise<Leases | undefined> {
    if (ids.length === 0) return undefined;
    try {
      return await this.cache.lease(kind, ids);
    } catch (error) {
      this.logger.warn(`Tweet cache not leased: ${messageOf(error)}`);
      return undefined;
    }
  }

  /** Runs a cache write; a failure is logged (the cache is an optimisation, PostgreSQL the truth). */
  private async keep(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.warn(`Tweet cache not updated: ${messageOf(error)}`);
    }
  }
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
