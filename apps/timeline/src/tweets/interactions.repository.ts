import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { LikeEntity, RetweetEntity } from './interaction.entity';
import { PinEntity } from './pin.entity';

export type Interaction = 'like' | 'retweet';
const ENTITY = { like: LikeEntity, retweet: RetweetEntity } as const;

/** The only code that reads and writes likes, retweets and pins. */
@Injectable()
export class InteractionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds the like or retweet if missing (made `at`, or now); returns its time
   * when this call created it.
   */
  async add(
    manager: EntityManager,
    kind: Interaction,
    tweetId: string,
    userId: string,
    at?: Date,
  ): Promise<Date | null> {
    const rows: { created_at: Date }[] = await manager.query(
      `INSERT INTO ${this.table(kind)} (tweet_id, user_id, created_at)
       VALUES ($1, $2, COALESCE($3::timestamptz, now()))
       ON CONFLICT DO NOTHING RETURNING created_at`,
      [tweetId, userId, at ?? null],
    );
    return rows[0]?.created_at ?? null;
  }

  /** Removes it; true when there was one. */
  async remove(
    manager: EntityManager,
    kind: Interaction,
    tweetId: string,
    userId: string,
  ): Promise<boolean> {
    const result = await manager.delete(ENTITY[kind], { tweetId, userId });
    return (result.affected ?? 0) > 0;
  }

  async has(
    manager: EntityManager,
    kind: Interaction,
    tweetId: string,
    userId: string,
  ): Promise<boolean> {
    return manager.getRepository(ENTITY[kind]).existsBy({ tweetId, userId });
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
