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
import { EventOutbox } from '@wave/messaging';
import type { EntityManager } from 'typeorm';
import { AuthorsRepository } from '../authors/authors.repository';
import { TimelineException } from '../common/timeline.exception';
import { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import { TweetImagesService } from '../images/tweet-images.service';
import { LinkPreviewsService } from '../link-previews/link-previews.service';
import type { Interaction } from './interactions.repository';
import { InteractionsRepository } from './interactions.repository';
import { extractHashtags, extractMentions } from './text-entities.util';
import type { TweetEntity } from './tweet.entity';
import { toTweetCreatedEvent, toTweetResponse } from './tweet.mapper';
import type { KeysetRow } from './tweets.repository';
import { TweetsRepository } from './tweets.repository';

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
  ) {}

  /**
   * Posts. `at` backdates the post (the demo seed's history: the id's time
   * and `createdAt`, so everything that orders or counts by time sees it
   * then); now when not given. Replies and interactions take it too.
   */
  async create(authorId: string, request: CreateTweetRequest, at?: Date): Promise<TweetResponse> {
    const content = request.content ?? '';
    const id = idAt(at);
    const linkPreview = request.linkPreview
      ? await this.linkPreviews.cachedPreviewFor(request.linkPreview.url)
      : null;
    await this.awaitAuthor(authorId);
    // The images are claimed last, just before the insert, and given back if it fails.
    const images = await this.images.prepare(authorId, id, request);
    const tweet = await this.outbox.transaction(
      (manager) =>
        this.insert(manager, {
          id,
          authorId,
          content,
          imageUrls: images.paths,
          linkPreview,
          parentId: null,
          ...(at ? { createdAt: at } : {}),
        }),
      { rolledBack: () => this.images.release(authorId, id, images) },
    );
    return this.get(tweet.id, authorId);
  }

  async reply(
    authorId: string,
    parentId: string,
    content: string,
    at?: Date,
  ): Promise<TweetResponse> {
    await this.awaitAuthor(authorId);
    const reply = await this.outbox.transaction(async (manager) => {
      const parent = await this.tweets.lock(manager, parentId);
      if (!parent) throw new TimelineException('TWEET_NOT_FOUND');
      const created = await this.insert(manager, {
        id: idAt(at),
        authorId,
        content,
        imageUrls: [],
        linkPreview: null,
        parentId,
        ...(at ? { createdAt: at } : {}),
      });
      await this.tweets.adjustCounter(manager, parentId, 'replies_count', 1);
      await this.outbox.append(manager, 'reply.created', {
        tweetId: created.id,
        parentId,
        authorId,
        parentAuthorId: parent.authorId,
        createdAt: created.createdAt.toISOString(),
      });
      return created;
    });
    return this.get(reply.id, authorId);
  }

  async update(userId: string, id: string, content: string): Promise<TweetResponse> {
    await this.outbox.transaction(async (manager) => {
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
    });
    return this.get(id, userId);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.outbox.transaction(async (manager) => {
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
    });
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
    return this.outbox.transaction(async (manager) => {
      if (!(await this.tweets.lock(manager, id))) throw new TimelineException('TWEET_NOT_FOUND');
      const change = await this.interactions.set(manager, kind, id, userId, on, at);
      if (!change) throw new TimelineException('TWEET_NOT_FOUND');
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
      }
      return {
        tweetId: id,
        isLiked: kind === 'like' ? on : change.otherOn,
        isRetweeted: kind === 'retweet' ? on : change.otherOn,
        likesCount: change.likesCount,
        retweetsCount: change.retweetsCount,
      };
    });
  }

  async pin(userId: string, id: string): Promise<TweetResponse> {
    await this.outbox.transaction(async (manager) => {
      await this.ownTweet(manager, userId, id);
      const { version, previous } = await this.interactions.setPin(manager, userId, id);
      if (previous !== id)
        await this.outbox.append(manager, 'tweet.pinned', { userId, tweetId: id, version });
    });
    return this.get(id, userId);
  }

  /** Unpins whatever the user pinned; nothing pinned is fine (idempotent). */
  async unpin(userId: string): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      const { version, previous } = await this.interactions.setPin(manager, userId, null);
      if (previous)
        await this.outbox.append(manager, 'tweet.unpinned', { userId, tweetId: previous, version });
    });
  }

  async get(id: string, readerId: string | null): Promise<TweetResponse> {
    const [view] = await this.tweets.views([id], readerId);
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
    const [pinned] = await this.tweets.views([pinnedId], readerId);
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
        await this.tweets.views(
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

  private async insert(
    manager: EntityManager,
    tweet: Parameters<TweetsRepository['insert']>[1],
  ): Promise<TweetEntity> {
    const hashtags = extractHashtags(tweet.content);
    const mentions = extractMentions(tweet.content);
    const created = await this.tweets.insert(manager, tweet, hashtags, mentions);
    await this.outbox.append(
      manager,
      'tweet.created',
      toTweetCreatedEvent(created, hashtags, mentions),
    );
    return created;
  }

  /**
   * A user who posts moments after signing up may be ahead of the user.registered
   * event; wait briefly for it so the post shows its author from the start.
   */
  private async awaitAuthor(userId: string): Promise<void> {
    const deadline = Date.now() + AUTHOR_WAIT_MS;
    while (!(await this.authors.findById(userId))) {
      if (Date.now() > deadline) {
        this.logger.warn(`Author ${userId} not projected yet; posting without waiting longer`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, AUTHOR_POLL_MS));
    }
  }
}
