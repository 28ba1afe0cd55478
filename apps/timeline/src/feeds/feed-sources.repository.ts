import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FollowEntity } from '../follows/follow.entity';
import { RetweetEntity } from '../tweets/interaction.entity';
import { TweetEntity } from '../tweets/tweet.entity';
import type { FeedEntry } from './feed-entry.util';

interface EntryRow {
  kind: 'p' | 'r';
  tweet_id: string;
  actor_id: string | null;
  at: Date;
}

/** Timeline entries straight from Postgres: rebuilds, merges at read, and reading past the cache. */
@Injectable()
export class FeedSourcesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The reader and everyone the reader follows. */
  async sourcesOf(readerId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT followee_id AS id FROM ${this.table(FollowEntity)} WHERE follower_id = $1`,
      [readerId],
    );
    return [readerId, ...rows.map((row) => row.id)];
  }

  /**
   * The newest top-level posts and retweets of these authors at or before
   * `before` (ms), at most `limit` of each kind; the caller orders and cuts.
   */
  async entriesOf(authorIds: string[], before: number | null, limit: number): Promise<FeedEntry[]> {
    if (authorIds.length === 0 || limit <= 0) return [];
    const beforeDate = before === null ? null : new Date(before);
    const rows: EntryRow[] = await this.dataSource.query(
      `(SELECT 'p' AS kind, t.id AS tweet_id, NULL::uuid AS actor_id, t.created_at AS at
          FROM ${this.table(TweetEntity)} t
         WHERE t.parent_id IS NULL AND t.author_id = ANY($1::uuid[])
           AND ($2::timestamptz IS NULL OR t.created_at <= $2)
         ORDER BY t.created_at DESC LIMIT $3)
       UNION ALL
       (SELECT 'r', r.tweet_id, r.user_id, r.created_at
          FROM ${this.table(RetweetEntity)} r
         WHERE r.user_id = ANY($1::uuid[]) AND ($2::timestamptz IS NULL OR r.created_at <= $2)
         ORDER BY r.created_at DESC LIMIT $3)`,
      [authorIds, beforeDate, limit],
    );
    return rows.map((row) =>
      row.kind === 'p' || row.actor_id === null
        ? { kind: 'post', tweetId: row.tweet_id, at: row.at.getTime() }
        : {
            kind: 'retweet',
            tweetId: row.tweet_id,
            retweeterId: row.actor_id,
            at: row.at.getTime(),
          },
    );
  }

  private table(entity: typeof FollowEntity | typeof TweetEntity | typeof RetweetEntity): string {
    return this.dataSource.getMetadata(entity).tablePath;
  }
}
