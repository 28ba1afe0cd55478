import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { LikeEntity, RetweetEntity } from './interaction.entity';
import { PinEntity } from './pin.entity';
import { TweetEntity } from './tweet.entity';
import type { PinState } from './tweets.repository';

export type Interaction = 'like' | 'retweet';
const ENTITY = { like: LikeEntity, retweet: RetweetEntity } as const;

/** What a like, retweet or their undoing did, and the tweet's counts after it. */
export interface InteractionChange {
  authorId: string;
  /** When the like or retweet was made, or taken back; null when nothing changed. */
  changedAt: Date | null;
  likesCount: number;
  retweetsCount: number;
  /** Whether the user has the other one (the retweet of a like, the like of a retweet). */
  otherOn: boolean;
}

/** A member's like and retweet of a tweet, as of the tweet's version. */
export interface TweetRelation {
  tweetId: string;
  /** The member (set when read for several members at once). */
  userId?: string;
  version: number;
  liked: boolean;
  retweeted: boolean;
}

interface RelationRow {
  tweet_id: string;
  user_id?: string;
  version: string;
  liked: boolean;
  retweeted: boolean;
}

const toRelation = (row: RelationRow): TweetRelation => ({
  tweetId: row.tweet_id,
  ...(row.user_id ? { userId: row.user_id } : {}),
  version: Number(row.version),
  liked: row.liked,
  retweeted: row.retweeted,
});

interface InteractionRow {
  author_id: string;
  changed_at: Date | string | null;
  likes_count: number;
  retweets_count: number;
  other_on: boolean;
}

/** The only code that reads and writes likes, retweets and pins. */
@Injectable()
export class InteractionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Likes or retweets (`on`), or takes it back, in one statement: adds the like or retweet if
   * missing (made `at`, or now) or removes it if there, and moves the tweet's counter by what
   * changed, so counts stay exact under concurrent clicks. The caller has locked the tweet
   * already (`TweetsRepository.lock`) in a statement of its own: a statement that waits for a
   * lock sees, once it has it, only the rows of when it began, so a like committed meanwhile
   * (the same member's click just before) would escape an unlike that locked and deleted in one
   * statement. Null when the tweet does not exist; `changedAt` is set only when this call
   * changed something.
   */
  async set(
    manager: EntityManager,
    kind: Interaction,
    tweetId: string,
    userId: string,
    on: boolean,
    at?: Date,
  ): Promise<InteractionChange | null> {
    const tweets = this.dataSource.getMetadata(TweetEntity).tablePath;
    const counter = kind === 'like' ? 'likes_count' : 'retweets_count';
    const change = on
      ? `INSERT INTO ${this.table(kind)} (tweet_id, user_id, created_at)
         VALUES ($1, $2, COALESCE($3::timestamptz, now()))
         ON CONFLICT DO NOTHING RETURNING created_at AS changed_at`
      : `DELETE FROM ${this.table(kind)} WHERE tweet_id = $1 AND user_id = $2
         RETURNING now() AS changed_at`;
    const rows: InteractionRow[] = await manager.query(
      `WITH changed AS (${change}),
       counted AS (
         UPDATE ${tweets} SET ${counter} = GREATEST(${counter} + ${on ? 1 : -1}, 0)
         WHERE id = $1 AND EXISTS (SELECT 1 FROM changed)
         RETURNING likes_count, retweets_count
       )
       SELECT t.author_id,
              (SELECT changed_at FROM changed) AS changed_at,
              COALESCE((SELECT likes_count FROM counted), t.likes_count) AS likes_count,
              COALESCE((SELECT retweets_count FROM counted), t.retweets_count) AS retweets_count,
              EXISTS (SELECT 1 FROM ${this.table(kind === 'like' ? 'retweet' : 'like')} o
                      WHERE o.tweet_id = $1 AND o.user_id = $2) AS other_on
       FROM ${tweets} t WHERE t.id = $1`,
      // $3 (the time) only where the statement names it: PostgreSQL refuses an unused one.
      on ? [tweetId, userId, at ?? null] : [tweetId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      authorId: row.author_id,
      changedAt: row.changed_at ? new Date(row.changed_at) : null,
      likesCount: row.likes_count,
      retweetsCount: row.retweets_count,
      otherOn: row.other_on,
    };
  }

  /**
   * Adds the likes or retweets that are missing, in one statement, and moves each tweet's
   * counter by how many it got; skips those that exist and those of tweets that do not (the
   * caller has locked the tweets: `TweetsRepository.lockMany`, see `set`). Returns what it
   * added, with each tweet's author.
   */
  async addMany(
    manager: EntityManager,
    kind: Interaction,
    items: readonly { tweetId: string; userId: string; at?: Date | undefined }[],
  ): Promise<{ tweetId: string; userId: string; authorId: string; at: Date }[]> {
    if (items.length === 0) return [];
    const tweets = this.dataSource.getMetadata(TweetEntity).tablePath;
    const counter = kind === 'like' ? 'likes_count' : 'retweets_count';
    const rows: { tweet_id: string; user_id: string; author_id: string; created_at: Date }[] =
      await manager.query(
        `WITH added AS (
           INSERT INTO ${this.table(kind)} (tweet_id, user_id, created_at)
           SELECT i.tweet_id, i.user_id, COALESCE(i.at, now())
           FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS i(tweet_id, user_id, at)
           WHERE EXISTS (SELECT 1 FROM ${tweets} t WHERE t.id = i.tweet_id)
           ON CONFLICT DO NOTHING
           RETURNING tweet_id, user_id, created_at
         ),
         counted AS (
           UPDATE ${tweets} t SET ${counter} = t.${counter} + a.n
           FROM (SELECT tweet_id, count(*)::int AS n FROM added GROUP BY tweet_id) a
           WHERE t.id = a.tweet_id
           RETURNING t.id, t.author_id
         )
         SELECT a.tweet_id, a.user_id, a.created_at, c.author_id
         FROM added a JOIN counted c ON c.id = a.tweet_id`,
        [
          items.map((item) => item.tweetId),
          items.map((item) => item.userId),
          items.map((item) => item.at ?? null),
        ],
      );
    return rows.map((row) => ({
      tweetId: row.tweet_id,
      userId: row.user_id,
      authorId: row.author_id,
      at: new Date(row.created_at),
    }));
  }

  /**
   * A member's likes and retweets, each with the tweet's version: the `limit` most recent of
   * each kind, and whether that is all of them (`complete`). What the tweet cache's relations
   * of a member are filled with.
   */
  async relationsOf(
    userId: string,
    limit: number,
  ): Promise<{ relations: TweetRelation[]; complete: boolean }> {
    const tweets = this.dataSource.getMetadata(TweetEntity).tablePath;
    const rows: (RelationRow & { likes: number; retweets: number })[] = await this.dataSource.query(
      `WITH liked AS (
           SELECT tweet_id FROM ${this.table('like')} WHERE user_id = $1
           ORDER BY created_at DESC LIMIT $2
         ),
         retweeted AS (
           SELECT tweet_id FROM ${this.table('retweet')} WHERE user_id = $1
           ORDER BY created_at DESC LIMIT $2
         )
         SELECT t.id AS tweet_id, t.version,
                -- The flags from the whole tables: the limits only choose the tweets.
                EXISTS (SELECT 1 FROM ${this.table('like')} l WHERE l.tweet_id = t.id AND l.user_id = $1) AS liked,
                EXISTS (SELECT 1 FROM ${this.table('retweet')} r WHERE r.tweet_id = t.id AND r.user_id = $1) AS retweeted,
                (SELECT count(*) FROM liked)::int AS likes,
                (SELECT count(*) FROM retweeted)::int AS retweets
         FROM ${tweets} t
         WHERE t.id IN (SELECT tweet_id FROM liked UNION SELECT tweet_id FROM retweeted)
         UNION ALL
         SELECT NULL, NULL, NULL, NULL, (SELECT count(*) FROM liked)::int,
                (SELECT count(*) FROM retweeted)::int`,
      [userId, limit],
    );
    // The last statement's row carries the counts even when there is nothing else.
    const counts = rows.find((row) => row.tweet_id === null);
    return {
      relations: rows.filter((row) => row.tweet_id !== null).map(toRelation),
      complete: (counts?.likes ?? 0) < limit && (counts?.retweets ?? 0) < limit,
    };
  }

  /**
   * The member's likes and retweets of these tweets, with their versions, within `manager`'s
   * transaction when given (to hand the cache what that transaction leaves).
   */
  async relationsWith(
    userId: string,
    tweetIds: string[],
    manager?: EntityManager,
  ): Promise<TweetRelation[]> {
    return this.relationsOfPairs(
      tweetIds.map((tweetId) => ({ tweetId, userId })),
      manager,
    );
  }

  /** The relations of several (tweet, member) pairs at once, with the tweets' versions. */
  async relationsOfPairs(
    pairs: readonly { tweetId: string; userId: string }[],
    manager?: EntityManager,
  ): Promise<TweetRelation[]> {
    if (pairs.length === 0) return [];
    const tweets = this.dataSource.getMetadata(TweetEntity).tablePath;
    const rows: RelationRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT t.id AS tweet_id, p.user_id, t.version,
              EXISTS (SELECT 1 FROM ${this.table('like')} l WHERE l.tweet_id = t.id AND l.user_id = p.user_id) AS liked,
              EXISTS (SELECT 1 FROM ${this.table('retweet')} r WHERE r.tweet_id = t.id AND r.user_id = p.user_id) AS retweeted
       FROM unnest($1::uuid[], $2::uuid[]) AS p(tweet_id, user_id)
       JOIN ${tweets} t ON t.id = p.tweet_id`,
      [pairs.map((pair) => pair.tweetId), pairs.map((pair) => pair.userId)],
    );
    return rows.map(toRelation);
  }

  /** Which of the (tweet, retweeter) pairs still exist. */
  async existingRetweets(pairs: { tweetId: string; userId: string }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows: { tweet_id: string; user_id: string }[] = await this.dataSource.query(
      `SELECT r.tweet_id, r.user_id FROM ${this.table('retweet')} r
       JOIN unnest($1::uuid[], $2::uuid[]) AS p(tweet_id, user_id)
         ON p.tweet_id = r.tweet_id AND p.user_id = r.user_id`,
      [pairs.map((pair) => pair.tweetId), pairs.map((pair) => pair.userId)],
    );
    return new Set(rows.map((row) => `${row.tweet_id}:${row.user_id}`));
  }

  /** The pins of these members (version 0 and no tweet for a member who never pinned). */
  async pinsOf(userIds: readonly string[]): Promise<PinState[]> {
    if (userIds.length === 0) return [];
    const rows: { user_id: string; tweet_id: string | null; version: number }[] =
      await this.dataSource.query(
        `SELECT u.user_id, p.tweet_id, COALESCE(p.version, 0) AS version
         FROM unnest($1::uuid[]) AS u(user_id)
         LEFT JOIN ${this.dataSource.getMetadata(PinEntity).tablePath} p ON p.user_id = u.user_id`,
        [[...new Set(userIds)]],
      );
    return rows.map((row) => ({
      userId: row.user_id,
      tweetId: row.tweet_id,
      version: row.version,
    }));
  }

  /** The user's pinned tweet id, if any. */
  async pinnedTweetOf(userId: string): Promise<string | null> {
    const pin = await this.dataSource.getRepository(PinEntity).findOneBy({ userId });
    return pin?.tweetId ?? null;
  }

  /** Unpins the tweet if it is the user's pinned one (atomically); returns the new version if it was. */
  async unpinIf(manager: EntityManager, userId: string, tweetId: string): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [{ version: number }[], number] = await manager.query(
      `UPDATE ${this.dataSource.getMetadata(PinEntity).tablePath} SET tweet_id = NULL, version = version + 1
       WHERE user_id = $1 AND tweet_id = $2 RETURNING version`,
      [userId, tweetId],
    );
    return rows[0]?.version ?? null;
  }

  /** Points the user's pin at a tweet (or at nothing); returns the new version and the tweet it replaced. */
  async setPin(
    manager: EntityManager,
    userId: string,
    tweetId: string | null,
  ): Promise<{ version: number; previous: string | null }> {
    const table = this.dataSource.getMetadata(PinEntity).tablePath;
    const before: { tweet_id: string | null }[] = await manager.query(
      `SELECT tweet_id FROM ${table} WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    const rows: { version: number }[] = await manager.query(
      `INSERT INTO ${table} AS p (user_id, tweet_id, version) VALUES ($1, $2, 1)
       ON CONFLICT (user_id) DO UPDATE SET tweet_id = EXCLUDED.tweet_id, version = p.version + 1
       RETURNING version`,
      [userId, tweetId],
    );
    return { version: rows[0]?.version ?? 1, previous: before[0]?.tweet_id ?? null };
  }

  private table(kind: Interaction): string {
    return this.dataSource.getMetadata(ENTITY[kind]).tablePath;
  }
}
