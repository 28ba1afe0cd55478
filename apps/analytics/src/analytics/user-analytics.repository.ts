import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AnalyticsTopPost } from '@wave/contracts';
import { isPgError } from '@wave/database';
import { AnalyticsException } from '../common/analytics.exception';
import type { LocalHourRow } from './user-analytics.calc';

export const TOP_POSTS_LIMIT = 10;
export const TOP_HASHTAGS_LIMIT = 10;

/** PostgreSQL does not know the zone (its time zone data differs from the runtime's). */
const INVALID_TIME_ZONE = '22023';

/**
 * Reads the rollups and the posts' counts only (never raw events), so a dashboard
 * costs the same whatever the number of events behind it: at most 24 rows a day
 * for the user, and a row per post published in the range.
 * Times are placed in the reader's zone by PostgreSQL (`AT TIME ZONE`).
 */
@Injectable()
export class UserAnalyticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's hourly rollups from `from` on, each with its day and hour in `timeZone`. */
  hourlyRows(userId: string, timeZone: string, from: Date): Promise<LocalHourRow[]> {
    return this.query(
      `SELECT to_char(hour_start AT TIME ZONE $2, 'YYYY-MM-DD') AS day,
              extract(hour FROM hour_start AT TIME ZONE $2)::int AS hour,
              views, likes, unlikes, replies, retweets, unretweets, follows, unfollows
       FROM user_hourly_stats WHERE user_id = $1 AND hour_start >= $3`,
      [userId, timeZone, from],
    );
  }

  async followers(userId: string): Promise<number> {
    const rows: { followers: number }[] = await this.dataSource.query(
      `SELECT followers FROM user_totals WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.followers ?? 0;
  }

  /**
   * The author's posts published since the local midnight that starts `firstDay`, with the
   * most views, then the most likes: each with its lifetime counts, the numbers its card
   * shows (as X ranks a period's top posts). One range scan of the author's posts of the
   * period (`ix_posts_author_created`), whatever the number of events behind them.
   * Deleted posts, and posts nobody has seen, liked or answered, are left out.
   */
  async topPosts(
    authorId: string,
    firstDay: string,
    timeZone: string,
  ): Promise<AnalyticsTopPost[]> {
    const rows = await this.query<(Omit<AnalyticsTopPost, 'createdAt'> & { createdAt: Date })[]>(
      `SELECT id, content, views, greatest(likes - unlikes, 0) AS likes, replies,
              created_at AS "createdAt"
       FROM posts
       WHERE author_id = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE $3)
         AND deleted_at IS NULL AND (views > 0 OR likes > unlikes OR replies > 0)
       ORDER BY views DESC, greatest(likes - unlikes, 0) DESC, created_at DESC, id
       LIMIT ${TOP_POSTS_LIMIT}`,
      [authorId, firstDay, timeZone],
    );
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  }

  /** The hashtags of the author's posts made since the local midnight that starts `firstDay`. */
  topHashtags(
    authorId: string,
    firstDay: string,
    timeZone: string,
  ): Promise<{ tag: string; count: number }[]> {
    return this.query(
      `SELECT tag, count(*)::int AS count
       FROM posts, unnest(posts.hashtags) AS tag
       WHERE author_id = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE $3)
         AND deleted_at IS NULL
       GROUP BY tag ORDER BY count DESC, tag LIMIT ${TOP_HASHTAGS_LIMIT}`,
      [authorId, firstDay, timeZone],
    );
  }

  private async query<T>(sql: string, parameters: unknown[]): Promise<T> {
    try {
      return await this.dataSource.query(sql, parameters);
    } catch (error) {
      if (isPgError(error, INVALID_TIME_ZONE)) throw new AnalyticsException('UNKNOWN_TIME_ZONE');
      throw error;
    }
  }
}
