import { Inject, Injectable } from '@nestjs/common';
import type { PageQuery } from '@wave/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@wave/database';
import { TimelineException } from '../common/timeline.exception';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { FollowsRepository } from '../follows/follows.repository';
import type { VersionedAuthor } from '../tweet-cache/tweet-cache.codec';
import { TweetViewsService } from '../tweet-cache/tweet-views.service';
import { InteractionsRepository } from '../tweets/interactions.repository';
import { TweetsRepository } from '../tweets/tweets.repository';
import type { FeedEntry, FeedPosition } from './feed-entry.util';
import {
  compareDescending,
  decodeFeedCursor,
  encodeFeedCursor,
  isAfter,
  memberOf,
  positionOf,
} from './feed-entry.util';
import type { FeedItem, FeedPage } from './feed-json.renderer';
import { FeedCacheMetrics } from '../tweet-cache/feed-cache.metrics';
import { FeedSourcesRepository } from './feed-sources.repository';
import type { TimelinePage } from './home-timeline.store';
import { HomeTimelineStore } from './home-timeline.store';

/** Entries read beyond the page size, so that a few hidden ones do not shorten a page. */
const SLACK = 10;
const MAX_ROUNDS = 3;

/**
 * The home timeline: the reader's cached timeline (fan-out on write), merged at
 * read time with the posts of followed accounts too big to fan out, and read
 * from Postgres past what the cache holds. The public timeline for visitors.
 */
@Injectable()
export class FeedsService {
  constructor(
    @Inject(TIMELINE_CONFIG) private readonly config: TimelineConfig,
    private readonly store: HomeTimelineStore,
    private readonly sources: FeedSourcesRepository,
    private readonly follows: FollowsRepository,
    private readonly tweets: TweetsRepository,
    private readonly interactions: InteractionsRepository,
    private readonly views: TweetViewsService,
    private readonly cacheMetrics: FeedCacheMetrics,
  ) {}

  async publicTimeline(query: PageQuery, readerId: string | null): Promise<FeedPage> {
    const before = query.cursor ? decodeKeysetCursor(query.cursor) : null;
    if (query.cursor && !before) throw new TimelineException('INVALID_CURSOR');
    const rows = await this.tweets.postIds(null, query.limit + 1, before);
    const views = new Map(
      (
        await this.views.views(
          rows.slice(0, query.limit).map((row) => row.id),
          readerId,
        )
      ).map((view) => [view.id, view]),
    );
    const items = rows.slice(0, query.limit).flatMap((row) => {
      const view = views.get(row.id);
      return view ? [{ view, retweetedBy: null }] : [];
    });
    const last = rows[query.limit - 1];
    return {
      items,
      nextCursor:
        rows.length > query.limit && last
          ? encodeKeysetCursor({ at: last.created_at, id: last.id })
          : null,
    };
  }

  async homeTimeline(readerId: string, query: PageQuery): Promise<FeedPage> {
    let cursor: FeedPosition | null = null;
    if (query.cursor) {
      cursor = decodeFeedCursor(query.cursor);
      if (!cursor) throw new TimelineException('INVALID_CURSOR');
    }
    const items: FeedItem[] = [];
    const seenTweets = new Set<string>();
    let position = cursor;
    let more = true;
    for (let round = 0; round < MAX_ROUNDS && more && items.length < query.limit; round += 1) {
      const wanted = query.limit - items.length + SLACK;
      const { entries, hasMore } = await this.candidates(readerId, position, wanted);
      const hydrated = await this.hydrate(readerId, entries);
      let consumedAll = true;
      for (const entry of entries) {
        if (items.length === query.limit) {
          consumedAll = false;
          break;
        }
        position = positionOf(entry);
        const item = hydrated.get(memberOf(entry));
        if (!item || seenTweets.has(item.view.id)) continue;
        seenTweets.add(item.view.id);
        items.push(item);
      }
      more = !consumedAll || hasMore;
    }
    return { items, nextCursor: more && position ? encodeFeedCursor(position) : null };
  }

  /** The next entries after the position: the cache, merged with big accounts, and Postgres past the cache. */
  private async candidates(
    readerId: string,
    position: FeedPosition | null,
    wanted: number,
  ): Promise<{ entries: FeedEntry[]; hasMore: boolean }> {
    let cached = await this.store.page(readerId, position, wanted);
    if (cached) {
      this.cacheMetrics.homeHit.inc();
    } else {
      cached = await this.rebuild(readerId, position, wanted);
      this.cacheMetrics.homeRebuilt.inc();
    }
    let entries = [...cached.entries];
    let hasMore = !cached.exhausted;
    if (cached.exhausted && !cached.complete) {
      // Older than the cache holds: the same sources (big accounts included), from Postgres.
      const last = cached.entries[cached.entries.length - 1];
      const from = last ? positionOf(last) : position;
      const older = await this.fromDatabase(await this.sources.sourcesOf(readerId), from, wanted);
      entries.push(...older);
      hasMore = older.length > 0;
    }
    // Always merged: the read past the cache starts after its last entry, and big
    // accounts' posts between the position and that entry are in neither.
    if (cached.mergedAuthors.length > 0) {
      const merged = await this.fromDatabase(cached.mergedAuthors, position, wanted);
      entries.push(...merged);
      hasMore = hasMore || merged.length >= wanted;
    }
    const unique = new Map(entries.map((entry) => [memberOf(entry), entry]));
    entries = [...unique.values()].sort((a, b) => compareDescending(positionOf(a), positionOf(b)));
    if (entries.length > wanted) {
      hasMore = true;
      entries = entries.slice(0, wanted);
    }
    return { entries, hasMore };
  }

  private async fromDatabase(
    authorIds: string[],
    after: FeedPosition | null,
    wanted: number,
  ): Promise<FeedEntry[]> {
    const entries = await this.sources.entriesOf(authorIds, after?.at ?? null, wanted + SLACK);
    return entries
      .filter((entry) => isAfter(positionOf(entry), after))
      .sort((a, b) => compareDescending(positionOf(a), positionOf(b)))
      .slice(0, wanted);
  }

  /**
   * Builds the cached timeline from Postgres when Redis does not have it (first
   * read, expiry, loss), then reads the page from it.
   */
  private async rebuild(
    readerId: string,
    position: FeedPosition | null,
    wanted: number,
  ): Promise<TimelinePage> {
    const token = await this.store.beginRebuild(readerId);
    const merged = await this.follows.celebritiesFollowedBy(
      readerId,
      this.config.FANOUT_MAX_FOLLOWERS,
    );
    const mergedSet = new Set(merged);
    const sources = (await this.sources.sourcesOf(readerId)).filter((id) => !mergedSet.has(id));
    const max = this.config.TIMELINE_MAX_LENGTH;
    const entries = (await this.sources.entriesOf(sources, null, max))
      .sort((a, b) => compareDescending(positionOf(a), positionOf(b)))
      .slice(0, max);
    const complete = entries.length < max;
    if (
      token !== null &&
      (await this.store.finishRebuild(readerId, token, entries, complete, merged))
    ) {
      const page = await this.store.page(readerId, position, wanted);
      if (page) return page;
    }
    // Rebuilt by another read, or lost meanwhile: this read's own entries serve the page.
    const after = entries.filter((entry) => isAfter(positionOf(entry), position));
    return {
      entries: after.slice(0, wanted),
      exhausted: after.length <= wanted,
      complete,
      mergedAuthors: merged,
    };
  }

  /** The entries as feed items; deleted posts and undone retweets are dropped (and removed from the cache). */
  private async hydrate(readerId: string, entries: FeedEntry[]): Promise<Map<string, FeedItem>> {
    const retweets = entries.filter(
      (entry): entry is Extract<FeedEntry, { kind: 'retweet' }> => entry.kind === 'retweet',
    );
    const [views, liveRetweets, retweeterById] = await Promise.all([
      this.views.views(
        entries.map((entry) => entry.tweetId),
        readerId,
      ),
      retweets.length > 0
        ? this.interactions.existingRetweets(
            retweets.map((entry) => ({ tweetId: entry.tweetId, userId: entry.retweeterId })),
          )
        : new Set<string>(),
      retweets.length > 0
        ? this.views.authorsById(retweets.map((entry) => entry.retweeterId))
        : new Map<string, VersionedAuthor>(),
    ]);
    const byId = new Map(views.map((view) => [view.id, view]));
    const items = new Map<string, FeedItem>();
    const stale: FeedEntry[] = [];
    for (const entry of entries) {
      const view = byId.get(entry.tweetId);
      if (
        !view ||
        (entry.kind === 'retweet' && !liveRetweets.has(`${entry.tweetId}:${entry.retweeterId}`))
      ) {
        stale.push(entry);
        continue;
      }
      const retweeter =
        entry.kind === 'retweet' ? retweeterById.get(entry.retweeterId)?.author : undefined;
      items.set(memberOf(entry), {
        view,
        retweetedBy:
          entry.kind === 'retweet'
            ? {
                id: entry.retweeterId,
                username: retweeter?.username ?? '',
                displayName: retweeter?.displayName ?? '',
              }
            : null,
      });
    }
    await this.store.remove(readerId, stale);
    return items;
  }
}
