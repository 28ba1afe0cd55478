import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { KeysetPosition } from '@wave/database';
import type { OutboxRowValues } from '@wave/messaging';
import { AuthorEntity } from '../authors/author.entity';
import type { PagePreview } from '../link-previews/link-preview-parser';
import { LikeEntity, RetweetEntity } from './interaction.entity';
import { PinEntity } from './pin.entity';
import { TweetHashtagEntity, TweetMentionEntity } from './text-entity.entity';
import { TweetEntity } from './tweet.entity';

/** What every reader sees of a tweet (no reader's own flags): what the tweet cache holds. */
export interface TweetState {
  id: string;
  authorId: string;
  content: string;
  imageUrls: string[];
  linkPreview: PagePreview | null;
  parentId: string | null;
  repliesCount: number;
  retweetsCount: number;
  likesCount: number;
  createdAt: Date;
  editedAt: Date | null;
  /** The row's version (see TweetEntity.version). */
  version: number;
}

/** A member's pinned tweet (or none), as of the pin's version (pins.version). */
export interface PinState {
  userId: string;
  tweetId: string | null;
  version: number;
}

/** The part of an author a tweet shows. */
export type TweetAuthor = Pick<
  AuthorEntity,
  'username' | 'displayName' | 'firstName' | 'lastName' | 'profileImageUrl' | 'verified'
>;

/** A tweet with its author and the reader's relation to it: what the API shows. */
export interface TweetView extends TweetState {
  author: TweetAuthor | null;
  /** The author's version in this service's projection (0 when the author is not known yet). */
  authorVersion: number;
  isPinned: boolean;
  isLiked: boolean;
  isRetweeted: boolean;
}

/** A view as PostgreSQL gives it, with the versions the tweet cache keeps its parts by. */
export interface StoredTweetView extends TweetView {
  /** The author's pin, read with the tweet (cached with the author's). */
  authorPin: PinState;
}

interface TweetStateRow {
  id: string;
  author_id: string;
  content: string;
  image_urls: string[];
  link_preview: PagePreview | null;
  parent_id: string | null;
  replies_count: number;
  retweets_count: number;
  likes_count: number;
  created_at: Date;
  edited_at: Date | null;
  version: string;
}

interface TweetViewRow extends TweetStateRow {
  username: string | null;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  verified: boolean | null;
  author_version: number | null;
  pinned_tweet_id: string | null;
  pin_version: number | null;
  is_liked: boolean;
  is_retweeted: boolean;
}

export type NewTweet = Pick<
  TweetEntity,
  'id' | 'authorId' | 'content' | 'imageUrls' | 'linkPreview' | 'parentId'
> &
  Partial<Pick<TweetEntity, 'createdAt'>>;
export type TweetCounter = 'replies_count' | 'retweets_count' | 'likes_count';

/** The only code that reads and writes tweets, their text entities and pins. */
@Injectable()
export class TweetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * New tweets with their hashtags and mentions, a few statements however many: the rows, the
   * hashtags, the mentions (`touch` then gives them as stored).
   */
  async insertMany(
    manager: EntityManager,
    tweets: (NewTweet & { hashtags: string[]; mentions: string[] })[],
  ): Promise<void> {
    if (tweets.length === 0) return;
    await manager.insert(
      TweetEntity,
      tweets.map(({ hashtags: _hashtags, mentions: _mentions, ...tweet }) => tweet),
    );
    const hashtags = tweets.flatMap((tweet) =>
      tweet.hashtags.map((tag) => ({ tweetId: tweet.id, tag })),
    );
    if (hashtags.length > 0) await manager.insert(TweetHashtagEntity, hashtags);
    const mentions = tweets.flatMap((tweet) =>
      tweet.mentions.map((username) => ({ tweetId: tweet.id, username })),
    );
    if (mentions.length > 0) await manager.insert(TweetMentionEntity, mentions);
  }

  /**
   * New top-level posts with their hashtags, mentions and events in one statement, which
   * PostgreSQL runs as one transaction: one round trip, where `insertMany` in a transaction takes
   * six (begin, the rows, `touch`, the events, commit). Not for replies, which lock and count
   * their parents first. Returns the posts as stored, at version 1 (what `touch` makes of a new
   * row).
   */
  async insertPosts(
    tweets: (Omit<NewTweet, 'parentId' | 'createdAt'> & {
      /** Null: now, by the database's clock (and so in each `tweet.created` event it writes). */
      createdAt: Date | null;
      hashtags: string[];
      mentions: string[];
    })[],
    events: { table: string; rows: OutboxRowValues[] },
  ): Promise<TweetState[]> {
    if (tweets.length === 0) return [];
    const tags = tweets.flatMap((tweet) => tweet.hashtags.map((tag) => [tweet.id, tag] as const));
    const names = tweets.flatMap((tweet) =>
      tweet.mentions.map((username) => [tweet.id, username] as const),
    );
    // Foreign keys are checked at the end of the statement, when the posts exist.
    const rows: TweetStateRow[] = await this.dataSource.query(
      `WITH posts AS (
         INSERT INTO ${this.table(TweetEntity)} AS t
           (id, author_id, content, image_urls, link_preview, parent_id, created_at, version)
         SELECT n.id, n.author_id, n.content, ARRAY(SELECT jsonb_array_elements_text(n.image_urls)),
                n.link_preview, NULL, coalesce(n.created_at, now()), 1
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::timestamptz[])
           AS n(id, author_id, content, image_urls, link_preview, created_at)
         RETURNING ${this.stateColumns()}
       ), hashtags AS (
         INSERT INTO ${this.dataSource.getMetadata(TweetHashtagEntity).tablePath} (tweet_id, tag)
         SELECT * FROM unnest($7::uuid[], $8::text[])
       ), mentions AS (
         INSERT INTO ${this.dataSource.getMetadata(TweetMentionEntity).tablePath} (tweet_id, username)
         SELECT * FROM unnest($9::uuid[], $10::text[])
       ), events AS (
         INSERT INTO ${events.table} (event_id, name, payload, trace_context)
         SELECT e.event_id, e.name,
                CASE WHEN p.id IS NULL THEN e.payload
                ELSE jsonb_set(e.payload, '{createdAt}', to_jsonb(to_char(
                  p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
                END,
                e.trace_context
         FROM unnest($11::uuid[], $12::text[], $13::jsonb[], $14::jsonb[]) WITH ORDINALITY
           AS e(event_id, name, payload, trace_context, n)
         LEFT JOIN posts p ON e.name = 'tweet.created' AND p.id = (e.payload->>'tweetId')::uuid
         ORDER BY e.n
       )
       SELECT * FROM posts`,
      [
        tweets.map((tweet) => tweet.id),
        tweets.map((tweet) => tweet.authorId),
        tweets.map((tweet) => tweet.content),
        tweets.map((tweet) => JSON.stringify(tweet.imageUrls)),
        tweets.map((tweet) => (tweet.linkPreview ? JSON.stringify(tweet.linkPreview) : null)),
        tweets.map((tweet) => tweet.createdAt),
        tags.map(([id]) => id),
        tags.map(([, tag]) => tag),
        names.map(([id]) => id),
        names.map(([, username]) => username),
        events.rows.map((row) => row.eventId),
        events.rows.map((row) => row.name),
        events.rows.map((row) => JSON.stringify(row.payload)),
        events.rows.map((row) => (row.traceContext ? JSON.stringify(row.traceContext) : null)),
      ],
    );
    return rows.map(toState);
  }

  async updateContent(
    manager: EntityManager,
    id: string,
    content: string,
    hashtags: string[],
    mentions: string[],
  ): Promise<TweetEntity> {
    await manager.update(TweetEntity, { id }, { content, editedAt: () => 'now()' });
    await manager.delete(TweetHashtagEntity, { tweetId: id });
    await manager.delete(TweetMentionEntity, { tweetId: id });
    await this.insertTextEntities(manager, id, hashtags, mentions);
    return manager.findOneByOrFail(TweetEntity, { id });
  }

  /** The hashtags and mentions of a tweet that has none (a new one, or an edit's after clearing). */
  private async insertTextEntities(
    manager: EntityManager,
    tweetId: string,
    hashtags: string[],
    mentions: string[],
  ): Promise<void> {
    if (hashtags.length > 0) {
      await manager.insert(
        TweetHashtagEntity,
        hashtags.map((tag) => ({ tweetId, tag })),
      );
    }
    if (mentions.length > 0) {
      await manager.insert(
        TweetMentionEntity,
        mentions.map((username) => ({ tweetId, username })),
      );
    }
  }

  findRow(id: string, manager?: EntityManager): Promise<TweetEntity | null> {
    return (manager ?? this.dataSource.manager).findOneBy(TweetEntity, { id });
  }

  /** Those of `ids` that are tweets (replies included) that exist. */
  async existingIds(ids: string[]): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(TweetEntity)
      .createQueryBuilder('tweet')
      .select('tweet.id', 'id')
      .where('tweet.id = ANY(:ids)', { ids })
      .getRawMany<{ id: string }>();
    return rows.map((row) => row.id);
  }

  /**
   * Locks the rows of the tweets that exist among `ids` for the rest of the transaction, in id
   * order (so two writers of overlapping sets never wait on each other in a circle).
   */
  async lockMany(manager: EntityManager, ids: string[]): Promise<TweetEntity[]> {
    if (ids.length === 0) return [];
    return manager
      .getRepository(TweetEntity)
      .createQueryBuilder('tweet')
      .setLock('pessimistic_write')
      .where('tweet.id = ANY(:ids)', { ids: [...new Set(ids)] })
      .orderBy('tweet.id')
      .getMany();
  }

  /** Locks the tweet row for the rest of the transaction (counters, deletes). */
  async lock(manager: EntityManager, id: string): Promise<TweetEntity | null> {
    return manager
      .getRepository(TweetEntity)
      .createQueryBuilder('tweet')
      .setLock('pessimistic_write')
      .where('tweet.id = :id', { id })
      .getOne();
  }

  /**
   * Tweets after `after` in id order (all that exist, replies included; a
   * deleted tweet's row is gone): the rebuild call's rows.
   */
  pageById(
    after: string | null,
    limit: number,
  ): Promise<Pick<TweetEntity, 'id' | 'authorId' | 'content' | 'createdAt' | 'editedAt'>[]> {
    const query = this.dataSource
      .getRepository(TweetEntity)
      .createQueryBuilder('tweet')
      .select(['tweet.id', 'tweet.authorId', 'tweet.content', 'tweet.createdAt', 'tweet.editedAt'])
      .orderBy('tweet.id', 'ASC')
      .limit(limit);
    if (after) query.where('tweet.id > :after', { after });
    return query.getMany();
  }

  /** Posts and replies after `after` in id order, with what their events tell of them. */
  replayPage(
    after: string | null,
    limit: number,
  ): Promise<
    Pick<
      TweetEntity,
      'id' | 'authorId' | 'content' | 'imageUrls' | 'parentId' | 'createdAt' | 'editedAt'
    >[]
  > {
    const query = this.dataSource
      .getRepository(TweetEntity)
      .createQueryBuilder('tweet')
      .select([
        'tweet.id',
        'tweet.authorId',
        'tweet.content',
        'tweet.imageUrls',
        'tweet.parentId',
        'tweet.createdAt',
        'tweet.editedAt',
      ])
      .orderBy('tweet.id', 'ASC')
      .limit(limit);
    if (after) query.where('tweet.id > :after', { after });
    return query.getMany();
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(TweetEntity, { id });
  }

  async adjustCounter(
    manager: EntityManager,
    id: string,
    counter: TweetCounter,
    delta: 1 | -1,
  ): Promise<void> {
    await this.adjustCounters(manager, counter, new Map([[id, delta]]));
  }

  /** Moves a counter of several tweets at once, by each one's delta (never below zero). */
  async adjustCounters(
    manager: EntityManager,
    counter: TweetCounter,
    deltas: ReadonlyMap<string, number>,
  ): Promise<void> {
    if (deltas.size === 0) return;
    await manager.query(
      `UPDATE ${this.table(TweetEntity)} t SET ${counter} = GREATEST(t.${counter} + d.delta, 0)
       FROM unnest($1::uuid[], $2::int[]) AS d(id, delta) WHERE t.id = d.id`,
      [[...deltas.keys()], [...deltas.values()]],
    );
  }

  /**
   * Moves the tweets' versions on (within the transaction that changed them, whose locks they
   * then hold until it commits) and returns their states as that transaction leaves them: what
   * the tweet cache is given once it has committed. Called last, after every change of the
   * rows, on rows the transaction has locked already. Tweets that do not exist are left out.
   */
  async touch(manager: EntityManager, ids: string[]): Promise<TweetState[]> {
    if (ids.length === 0) return [];
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [TweetStateRow[], number] = await manager.query(
      `UPDATE ${this.table(TweetEntity)} t SET version = t.version + 1
       WHERE t.id = ANY($1::uuid[]) RETURNING ${this.stateColumns()}`,
      [[...new Set(ids)]],
    );
    return rows.map(toState);
  }

  /** The tweets' states as committed now (those that exist), in no order. */
  async states(ids: readonly string[]): Promise<TweetState[]> {
    if (ids.length === 0) return [];
    const rows: TweetStateRow[] = await this.dataSource.query(
      `SELECT ${this.stateColumns()} FROM ${this.table(TweetEntity)} t WHERE t.id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return rows.map(toState);
  }

  /** The tweets with their authors and the reader's likes, retweets and pins, in no order. */
  async views(ids: string[], readerId: string | null): Promise<StoredTweetView[]> {
    if (ids.length === 0) return [];
    const rows: TweetViewRow[] = await this.dataSource.query(
      `SELECT ${this.stateColumns()},
              a.username, a.display_name, a.first_name, a.last_name, a.profile_image_url, a.verified,
              a.version AS author_version, pn.tweet_id AS pinned_tweet_id, pn.version AS pin_version,
              ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM ${this.table(LikeEntity)} l WHERE l.tweet_id = t.id AND l.user_id = $2)) AS is_liked,
              ($2::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM ${this.table(RetweetEntity)} r WHERE r.tweet_id = t.id AND r.user_id = $2)) AS is_retweeted
       FROM ${this.table(TweetEntity)} t
       LEFT JOIN ${this.table(AuthorEntity)} a ON a.id = t.author_id
       LEFT JOIN ${this.table(PinEntity)} pn ON pn.user_id = t.author_id
       WHERE t.id = ANY($1::uuid[])`,
      [ids, readerId],
    );
    return rows.map(toView);
  }

  /** A tweet's shared state, as columns of `t` (the tweets table). */
  private stateColumns(): string {
    return `t.id, t.author_id, t.content, t.image_urls, t.link_preview, t.parent_id,
            t.replies_count, t.retweets_count, t.likes_count, t.created_at, t.edited_at, t.version`;
  }

  /** Ids of a page of top-level posts, newest first (one author's, or everyone's). */
  async postIds(
    authorId: string | null,
    limit: number,
    before: KeysetPosition | null,
  ): Promise<KeysetRow[]> {
    const params: unknown[] = [limit];
    const conditions = ['parent_id IS NULL'];
    if (authorId) {
      params.push(authorId);
      conditions.push(`author_id = $${params.length}`);
    }
    if (before) {
      params.push(before.at, before.id);
      conditions.push(`(created_at, id) < ($${params.length - 1}, $${params.length}::uuid)`);
    }
    return this.dataSource.query(
      `SELECT id, created_at FROM ${this.table(TweetEntity)} WHERE ${conditions.join(' AND ')}
       ORDER BY created_at DESC, id DESC LIMIT $1`,
      params,
    );
  }

  /** Ids of a page of replies to a post, oldest first (a thread reads down). */
  async replyIds(
    parentId: string,
    limit: number,
    after: KeysetPosition | null,
  ): Promise<KeysetRow[]> {
    const params: unknown[] = [parentId, limit];
    let keyset = '';
    if (after) {
      params.push(after.at, after.id);
      keyset = 'AND (created_at, id) > ($3, $4::uuid)';
    }
    return this.dataSource.query(
      `SELECT id, created_at FROM ${this.table(TweetEntity)}
       WHERE parent_id = $1 ${keyset} ORDER BY created_at, id LIMIT $2`,
      params,
    );
  }

  table(
    entity:
      | typeof TweetEntity
      | typeof LikeEntity
      | typeof RetweetEntity
      | typeof PinEntity
      | typeof AuthorEntity,
  ): string {
    return this.dataSource.getMetadata(entity).tablePath;
  }
}

export interface KeysetRow {
  id: string;
  created_at: Date;
}

function toState(row: TweetStateRow): TweetState {
  return {
    id: row.id,
    authorId: row.author_id,
    content: row.content,
    imageUrls: row.image_urls,
    linkPreview: row.link_preview,
    parentId: row.parent_id,
    repliesCount: row.replies_count,
    retweetsCount: row.retweets_count,
    likesCount: row.likes_count,
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at),
    version: Number(row.version),
  };
}

function toView(row: TweetViewRow): StoredTweetView {
  return {
    ...toState(row),
    author:
      row.username === null
        ? null
        : {
            username: row.username,
            displayName: row.display_name ?? row.username,
            firstName: row.first_name,
            lastName: row.last_name,
            profileImageUrl: row.profile_image_url,
            verified: row.verified ?? false,
          },
    authorVersion: row.author_version ?? 0,
    authorPin: {
      userId: row.author_id,
      tweetId: row.pinned_tweet_id,
      version: row.pin_version ?? 0,
    },
    isPinned: row.pinned_tweet_id === row.id,
    isLiked: row.is_liked,
    isRetweeted: row.is_retweeted,
  };
}
