import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type {
  CreateTweetRequest,
  Page,
  PageQuery,
  TweetInteractionResponse,
  TweetResponse,
} from '@wave/contracts';
import { isUuid, USERNAME_PATTERN } from '@wave/contracts';
import type { KeysetPosition } from '@wave/database';
import { decodeKeysetCursor, encodeKeysetCursor } from '@wave/database';
import type { OutboxEvent } from '@wave/messaging';
import { EventOutbox } from '@wave/messaging';
import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { AuthorsRepository } from '../authors/authors.repository';
import { TimelineException } from '../common/timeline.exception';
import { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import type { TweetImages } from '../images/tweet-images.service';
import { TweetImagesService } from '../images/tweet-images.service';
import type { PagePreview } from '../link-previews/link-preview-parser';
import { LinkPreviewsService } from '../link-previews/link-previews.service';
import type { VersionedAuthor } from '../tweet-cache/tweet-cache.codec';
import { TweetViewsService } from '../tweet-cache/tweet-views.service';
import type { Interaction } from './interactions.repository';
import { InteractionsRepository } from './interactions.repository';
import { extractHashtags, extractMentions } from './text-entities.util';
import type { TweetEntity } from './tweet.entity';
import { toTweetCreatedEvent, toTweetResponse } from './tweet.mapper';
import type { KeysetRow, TweetState } from './tweets.repository';
import { TweetsRepository } from './tweets.repository';

/** A post `createMany` writes: a reply when `parentId` is set; `at` backdates it. */
export interface NewPost {
  authorId: string;
  request: CreateTweetRequest;
  parentId?: string | null;
  at?: Date | undefined;
}

/**
 * True when a statement may have committed though it failed: its connection was lost after it
 * was sent. False when PostgreSQL answered with an error (a pg DatabaseError, with its severity
 * and SQLSTATE) or the statement was never sent (no connection could be had): nothing was
 * written then.
 */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { severity?: unknown; code?: unknown } | undefined;
  return !(typeof driverError?.severity === 'string' && typeof driverError.code === 'string');
}

/** A post being written: its id and text entities worked out. */
type Draft = NewPost & { id: string; content: string; hashtags: string[]; mentions: string[] };

/** A draft's row, its images claimed and its link preview found. */
interface DraftRow {
  id: string;
  authorId: string;
  content: string;
  imageUrls: string[];
  linkPreview: PagePreview | null;
  hashtags: string[];
  mentions: string[];
}

/** A like or retweet `addInteractions` adds; `at` backdates it. */
export interface NewInteraction {
  userId: string;
  tweetId: string;
  kind: Interaction;
  at?: Date | undefined;
}

const AUTHOR_WAIT_MS = 2_000;
const AUTHOR_POLL_MS = 50;

/** A tweet id (UUIDv7, so ids sort by time) made now, or at a backdated time. */
const idAt = (at: Date | undefined): string => (at ? uuidv7({ msecs: at.getTime() }) : uuidv7());

@Injectable()
export class TweetsService {
  private readonly logger = new Logger(TweetsService.name);

  constructor(
    private readonly tweets: TweetsRepository,
    private readonly interactions: InteractionsRepository,
    private readonly authors: AuthorsRepository,
    private readonly linkPreviews: LinkPreviewsService,
    private readonly images: TweetImagesService,
    private readonly outbox: EventOutbox,
    private readonly signer: ImageProxySigner,
    private readonly views: TweetViewsService,
  ) {}

  /**
   * Posts. `at` backdates the post (the demo seed's history: the id's time
   * and `createdAt`, so everything that orders or counts by time sees it
   * then); now when not given. Replies and interactions take it too.
   */
  async create(authorId: string, request: CreateTweetRequest, at?: Date): Promise<TweetResponse> {
    return this.createOne({ authorId, request, at });
  }

  async reply(
    authorId: string,
    parentId: string,
    content: string,
    at?: Date,
  ): Promise<TweetResponse> {
    return this.createOne({ authorId, request: { content }, parentId, at });
  }

  /**
   * One post, answered with what its transaction stored and the author it waited for: a new post
   * is nobody's like, retweet or pin yet, so nothing is read again.
   */
  private async createOne(post: NewPost): Promise<TweetResponse> {
    // A reply's parent has a new state (its count) that its author reads next: that one waits.
    const { ids, states, authors } = await this.write([post], {
      waitForCache: Boolean(post.parentId),
    });
    const state = states.find((candidate) => candidate.id === ids[0]);
    if (!state) throw new Error('The new post was not stored');
    return toTweetResponse(
      {
        ...state,
        author: authors.get(post.authorId)?.author ?? null,
        isPinned: false,
        isLiked: false,
        isRetweeted: false,
      },
      this.signer,
    );
  }

  /**
   * Posts and replies, all or none (what `create` and `reply` do, one post each; the demo seed
   * writes its history fifty at a time): link previews and images first (images claimed last,
   * and all given back if the write fails), then top-level posts in one statement, or with
   * replies among them one transaction that locks the parents in id order, a few statements
   * however many posts. A missing parent fails the lot. Returns the new ids in the order given.
   */
  async createMany(posts: readonly NewPost[]): Promise<string[]> {
    return (await this.write(posts, { waitForCache: true })).ids;
  }

  /**
   * `createMany`, with the stored states (the new posts' and their parents') and the authors.
   * Without `waitForCache`, the committed states are sent to the tweet cache but not waited for
   * (one round trip less before a post is answered): a cached value carries its version, so a
   * late one never replaces a newer one, and a read that comes first fills from PostgreSQL.
   */
  private async write(
    posts: readonly NewPost[],
    { waitForCache }: { waitForCache: boolean },
  ): Promise<{
    ids: string[];
    states: TweetState[];
    authors: Map<string, VersionedAuthor>;
  }> {
    const drafts: Draft[] = posts.map((post) => {
      const content = post.request.content ?? '';
      const entities = { hashtags: extractHashtags(content), mentions: extractMentions(content) };
      return { ...post, ...entities, id: idAt(post.at), content };
    });
    // Looked up while the posts are written: the answer needs the authors, the rows do not.
    const authorsLookup = this.awaitAuthors([...new Set(drafts.map((draft) => draft.authorId))]);
    authorsLookup.catch(() => undefined); // awaited below, unless the write fails first
    const previews = await Promise.all(
      drafts.map(async (draft) =>
        draft.request.linkPreview
          ? this.linkPreviews.cachedPreviewFor(draft.request.linkPreview.url)
          : null,
      ),
    );
    // The images are claimed last, just before the insert, and given back if it fails.
    const prepared = await Promise.allSettled(
      drafts.map((draft) => this.images.prepare(draft.authorId, draft.id, draft.request)),
    );
    const releaseAll = async () => {
      await Promise.all(
        prepared.map(async (result, index) => {
          if (result.status === 'fulfilled') {
            await this.images.release(drafts[index]!.authorId, drafts[index]!.id, result.value);
          }
        }),
      );
    };
    const refused = prepared.find((result) => result.status === 'rejected');
    if (refused) {
      await releaseAll().catch(() => undefined);
      throw refused.reason;
    }
    const rows = drafts.map((draft, index) => ({
      id: draft.id,
      authorId: draft.authorId,
      content: draft.content,
      imageUrls: (prepared[index] as PromiseFulfilledResult<TweetImages>).value.paths,
      linkPreview: previews[index] ?? null,
      hashtags: draft.hashtags,
      mentions: draft.mentions,
    }));
    const states = drafts.some((draft) => draft.parentId)
      ? await this.writeWithReplies(drafts, rows, releaseAll)
      : await this.writePosts(drafts, rows, releaseAll);
    // It reports its own failures: the write stands, and what it would have replaced expires.
    const cached = this.views.committed({ states });
    if (waitForCache) await cached;
    // The posts are written: a failed lookup answers them with the author pending, not a 500 a
    // retry would post again after.
    const authors = await authorsLookup.catch((error: unknown) => {
      this.logger.warn(`Authors not looked up for new posts: ${String(error)}`);
      return new Map<string, VersionedAuthor>();
    });
    return { ids: drafts.map((draft) => draft.id), states, authors };
  }

  /**
   * Top-level posts: the rows, their text entities and their `tweet.created` events in one
   * statement (a post's hot path: one round trip). The images go back when PostgreSQL refused the
   * statement; not when the answer was lost, whose outcome is unknown (as with a failed commit).
   */
  private async writePosts(
    drafts: readonly Draft[],
    rows: readonly DraftRow[],
    releaseAll: () => Promise<void>,
  ): Promise<TweetState[]> {
    const posts = rows.map((row, index) => ({ ...row, createdAt: drafts[index]!.at ?? null }));
    // Each event's createdAt is the stored one (the database's clock, as for every other time):
    // the statement sets it; until then, a placeholder its schema accepts.
    const events = this.outbox.rowsOf(
      posts.map((post) => ({
        name: 'tweet.created',
        payload: toTweetCreatedEvent(
          { ...post, parentId: null, createdAt: post.createdAt ?? new Date() },
          post.hashtags,
          post.mentions,
        ),
      })),
    );
    let states: TweetState[];
    try {
      states = await this.tweets.insertPosts(posts, { table: this.outbox.table, rows: events });
    } catch (error) {
      if (!outcomeUnknown(error)) await releaseAll().catch(() => undefined);
      throw error;
    }
    this.outbox.written();
    return states;
  }

  /**
   * Posts among which are replies, in one transaction: the parents locked in id order, the rows,
   * the parents' reply counts and the events (`tweet.created`, and `reply.created` for a reply).
   */
  private async writeWithReplies(
    drafts: readonly Draft[],
    rows: readonly DraftRow[],
    releaseAll: () => Promise<void>,
  ): Promise<TweetState[]> {
    return this.outbox.transaction(
      async (manager) => {
        const parentIds = drafts.flatMap((draft) => (draft.parentId ? [draft.parentId] : []));
        const parents = new Map(
          (await this.tweets.lockMany(manager, parentIds)).map((parent) => [parent.id, parent]),
        );
        if (parentIds.some((id) => !parents.has(id))) {
          throw new TimelineException('TWEET_NOT_FOUND');
        }
        await this.tweets.insertMany(
          manager,
          rows.map((row, index) => {
            const draft = drafts[index]!;
            return {
              ...row,
              parentId: draft.parentId ?? null,
              ...(draft.at ? { createdAt: draft.at } : {}),
            };
          }),
        );
        const replies = new Map<string, number>();
        for (const id of parentIds) replies.set(id, (replies.get(id) ?? 0) + 1);
        await this.tweets.adjustCounters(manager, 'replies_count', replies);
        const touched = await this.tweets.touch(manager, [
          ...drafts.map((draft) => draft.id),
          ...parentIds,
        ]);
        const stored = new Map(touched.map((state) => [state.id, state]));
        await this.outbox.appendMany(
          manager,
          drafts.flatMap((draft): OutboxEvent[] => {
            const tweet = stored.get(draft.id)!;
            const event: OutboxEvent = {
              name: 'tweet.created',
              payload: toTweetCreatedEvent(tweet, draft.hashtags, draft.mentions),
            };
            const parent = draft.parentId ? parents.get(draft.parentId) : undefined;
            if (!parent) return [event];
            return [
              event,
              {
                name: 'reply.created',
                payload: {
                  tweetId: tweet.id,
                  parentId: parent.id,
                  authorId: tweet.authorId,
                  parentAuthorId: parent.authorId,
                  createdAt: tweet.createdAt.toISOString(),
                },
              },
            ];
          }),
        );
        return touched;
      },
      { rolledBack: releaseAll },
    );
  }

  async update(userId: string, id: string, content: string): Promise<TweetResponse> {
    const states = await this.outbox.transaction(async (manager) => {
      await this.ownTweet(manager, userId, id);
      const hashtags = extractHashtags(content);
      const mentions = extractMentions(content);
      const updated = await this.tweets.updateContent(manager, id, content, hashtags, mentions);
      await this.outbox.append(manager, 'tweet.updated', {
        tweetId: id,
        authorId: userId,
        content,
        hashtags,
        mentions,
        editedAt: (updated.editedAt ?? new Date()).toISOString(),
      });
      return this.tweets.touch(manager, [id]);
    });
    await this.views.committed({ states });
    return this.get(id, userId);
  }

  async delete(userId: string, id: string): Promise<void> {
    const { states, pins } = await this.outbox.transaction(async (manager) => {
      const tweet = await this.ownTweet(manager, userId, id);
      if (tweet.parentId)
        await this.tweets.adjustCounter(manager, tweet.parentId, 'replies_count', -1);
      const unpinnedVersion = await this.interactions.unpinIf(manager, userId, id);
      if (unpinnedVersion !== null) {
        await this.outbox.append(manager, 'tweet.unpinned', {
          userId,
          tweetId: id,
          version: unpinnedVersion,
        });
      }
      await this.tweets.delete(manager, id);
      await this.outbox.append(manager, 'tweet.deleted', {
        tweetId: id,
        authorId: userId,
        parentId: tweet.parentId,
        deletedAt: new Date().toISOString(),
      });
      return {
        states: await this.tweets.touch(manager, tweet.parentId ? [tweet.parentId] : []),
        pins: unpinnedVersion === null ? [] : [{ userId, tweetId: null, version: unpinnedVersion }],
      };
    });
    await this.views.committed({ states, deletedIds: [id], pins });
  }

  /**
   * Likes, unlikes, retweets or unretweets; idempotent, counters exact under
   * concurrent clicks. `at` backdates a like or retweet (see `create`).
   */
  async interact(
    userId: string,
    id: string,
    kind: Interaction,
    on: boolean,
    at?: Date,
  ): Promise<TweetInteractionResponse> {
    const { response, states } = await this.outbox.transaction(async (manager) => {
      if (!(await this.tweets.lock(manager, id))) throw new TimelineException('TWEET_NOT_FOUND');
      const change = await this.interactions.set(manager, kind, id, userId, on, at);
      if (!change) throw new TimelineException('TWEET_NOT_FOUND');
      let touched: TweetState[] = [];
      if (change.changedAt) {
        const event = on
          ? kind === 'like'
            ? 'like.created'
            : 'retweet.created'
          : kind === 'like'
            ? 'like.deleted'
            : 'retweet.deleted';
        await this.outbox.append(manager, event, {
          tweetId: id,
          userId,
          authorId: change.authorId,
          at: change.changedAt.toISOString(),
        });
        touched = await this.tweets.touch(manager, [id]);
      }
      const interaction: TweetInteractionResponse = {
        tweetId: id,
        isLiked: kind === 'like' ? on : change.otherOn,
        isRetweeted: kind === 'retweet' ? on : change.otherOn,
        likesCount: change.likesCount,
        retweetsCount: change.retweetsCount,
      };
      return { response: interaction, states: touched };
    });
    const [state] = states;
    if (state) {
      await this.views.committed({
        states,
        relations: [
          {
            tweetId: id,
            userId,
            version: state.version,
            liked: response.isLiked,
            retweeted: response.isRetweeted,
          },
        ],
      });
    }
    return response;
  }

  /**
   * Likes and retweets in bulk (the demo seed's history), in one transaction: the tweets locked
   * in id order, then per kind one statement that adds the missing ones and moves the counters,
   * then their events in one insert. What exists already, and likes of tweets that do not
   * exist, are skipped; returns how many were added.
   */
  async addInteractions(items: readonly NewInteraction[]): Promise<number> {
    if (items.length === 0) return 0;
    const { count, states, relations } = await this.outbox.transaction(async (manager) => {
      await this.tweets.lockMany(
        manager,
        items.map((item) => item.tweetId),
      );
      const added = [];
      for (const kind of ['like', 'retweet'] as const) {
        const rows = await this.interactions.addMany(
          manager,
          kind,
          items.filter((item) => item.kind === kind),
        );
        added.push(...rows.map((row) => ({ ...row, kind })));
      }
      // In the order they were made, as they would have come one by one.
      added.sort((a, b) => a.at.getTime() - b.at.getTime());
      const events = added.map(({ kind, tweetId, userId, authorId, at }): OutboxEvent => {
        const payload = { tweetId, userId, authorId, at: at.toISOString() };
        return kind === 'like'
          ? { name: 'like.created', payload }
          : { name: 'retweet.created', payload };
      });
      await this.outbox.appendMany(manager, events);
      const states = await this.tweets.touch(
        manager,
        added.map((row) => row.tweetId),
      );
      const relations = await this.interactions.relationsOfPairs(
        [...new Map(added.map((row) => [`${row.tweetId}:${row.userId}`, row])).values()],
        manager,
      );
      return { count: events.length, states, relations };
    });
    await this.views.committed({ states, relations });
    return count;
  }

  async pin(userId: string, id: string): Promise<TweetResponse> {
    const pin = await this.outbox.transaction(async (manager) => {
      await this.ownTweet(manager, userId, id);
      const { version, previous } = await this.interactions.setPin(manager, userId, id);
      if (previous !== id)
        await this.outbox.append(manager, 'tweet.pinned', { userId, tweetId: id, version });
      return { userId, tweetId: id, version };
    });
    await this.views.committed({ pins: [pin] });
    return this.get(id, userId);
  }

  /** Unpins whatever the user pinned; nothing pinned is fine (idempotent). */
  async unpin(userId: string): Promise<void> {
    const pin = await this.outbox.transaction(async (manager) => {
      const { version, previous } = await this.interactions.setPin(manager, userId, null);
      if (previous)
        await this.outbox.append(manager, 'tweet.unpinned', { userId, tweetId: previous, version });
      return { userId, tweetId: null, version };
    });
    await this.views.committed({ pins: [pin] });
  }

  async get(id: string, readerId: string | null): Promise<TweetResponse> {
    const [view] = await this.views.views([id], readerId);
    if (!view) throw new TimelineException('TWEET_NOT_FOUND');
    return toTweetResponse(view, this.signer);
  }

  async replies(
    parentId: string,
    readerId: string | null,
    query: PageQuery,
  ): Promise<Page<TweetResponse>> {
    if (!(await this.tweets.findRow(parentId))) throw new TimelineException('TWEET_NOT_FOUND');
    const after = this.cursorOf(query);
    const rows = await this.tweets.replyIds(parentId, query.limit + 1, after);
    return this.page(rows, query.limit, readerId);
  }

  /** A user's posts (not replies), newest first, the pinned one first of all. */
  async userTweets(
    reference: string,
    readerId: string | null,
    query: PageQuery,
  ): Promise<Page<TweetResponse>> {
    const authorId = await this.resolveAuthor(reference);
    const before = this.cursorOf(query);
    const pinnedId = await this.interactions.pinnedTweetOf(authorId);
    // One row more when a post is pinned: it is left out here, and must not hide the next page.
    const fetch = query.limit + 1 + (pinnedId ? 1 : 0);
    const rows = (await this.tweets.postIds(authorId, fetch, before)).filter(
      (row) => row.id !== pinnedId,
    );
    const page = await this.page(rows, query.limit, readerId);
    if (before || !pinnedId) return page;
    const [pinned] = await this.views.views([pinnedId], readerId);
    if (!pinned || pinned.parentId) return page;
    return { ...page, items: [toTweetResponse(pinned, this.signer), ...page.items] };
  }

  private async resolveAuthor(reference: string): Promise<string> {
    let author;
    if (isUuid(reference)) author = await this.authors.findById(reference.toLowerCase());
    else if (USERNAME_PATTERN.test(reference))
      author = await this.authors.findByUsername(reference);
    else throw new TimelineException('INVALID_USER_REFERENCE');
    if (!author) throw new TimelineException('USER_NOT_FOUND');
    return author.id;
  }

  private cursorOf(query: PageQuery): KeysetPosition | null {
    if (!query.cursor) return null;
    const position = decodeKeysetCursor(query.cursor);
    if (!position) throw new TimelineException('INVALID_CURSOR');
    return position;
  }

  private async page(
    rows: KeysetRow[],
    limit: number,
    readerId: string | null,
  ): Promise<Page<TweetResponse>> {
    const pageRows = rows.slice(0, limit);
    const views = new Map(
      (
        await this.views.views(
          pageRows.map((row) => row.id),
          readerId,
        )
      ).map((view) => [view.id, view]),
    );
    const items = pageRows.flatMap((row) => {
      const view = views.get(row.id);
      return view ? [toTweetResponse(view, this.signer)] : [];
    });
    const last = pageRows[pageRows.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last
          ? encodeKeysetCursor({ at: last.created_at, id: last.id })
          : null,
    };
  }

  private async ownTweet(manager: EntityManager, userId: string, id: string): Promise<TweetEntity> {
    const tweet = await this.tweets.lock(manager, id);
    if (!tweet) throw new TimelineException('TWEET_NOT_FOUND');
    if (tweet.authorId !== userId) throw new TimelineException('NOT_YOUR_TWEET');
    return tweet;
  }

  /**
   * A user who posts moments after signing up may be ahead of the user.registered
   * event; wait briefly for it so the post shows its author from the start.
   */
  private async awaitAuthors(userIds: string[]): Promise<Map<string, VersionedAuthor>> {
    const deadline = Date.now() + AUTHOR_WAIT_MS;
    const found = new Map<string, VersionedAuthor>();
    let missing = userIds;
    for (;;) {
      for (const [id, author] of await this.views.authorsById(missing)) found.set(id, author);
      missing = missing.filter((id) => !found.has(id));
      if (missing.length === 0) return found;
      if (Date.now() > deadline) {
        this.logger.warn(
          `Author ${missing.join(', ')} not projected yet; posting without waiting longer`,
        );
        return found;
      }
      await new Promise((resolve) => setTimeout(resolve, AUTHOR_POLL_MS));
    }
  }
}
