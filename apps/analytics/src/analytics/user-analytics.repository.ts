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
 * Reads the rollups only (never raw events), so a dashboard costs the same
 * whatever the number of events behind it: at most 24 rows a day for the user,
 * and a row a day (24 for the range's first day) per post with activity.
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
   * The author's posts with the most views since the local midnight that starts
   * `firstDay`, then the most likes: whole UTC days from the daily rollups, the
   * hours before the first whole UTC day from the hourly ones. Deleted posts are
   * left out.
   */
  async topPosts(
    authorId: string,
    firstDay: string,
    timeZone: string,
  ): Promise<AnalyticsTopPost[]> {
    const rows = await this.query<(Omit<AnalyticsTopPost, 'createdAt'> & { createdAt: Date })[]>(
      `WITH bounds AS (
         SELECT start_at,
                date_trunc('day', start_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '1 day'
                  AS first_whole_day
         FROM (SELECT ($2::date::timestamp AT TIME ZONE $3) AS start_at) s
       ),
       counts AS (
         SELECT d.post_id, d.views, d.likes - d.unlikes AS likes, d.replies
         FROM post_daily_stats d, bounds
         WHERE d.author_id = $1 AND d.day >= (bounds.first_whole_day AT TIME ZONE 'UTC')::date
         UNION ALL
         SELECT h.post_id, h.views, h.likes - h.unlikes, h.replies
         FROM post_hourly_stats h, bounds
         WHERE h.author_id = $1 AND h.hour_start >= bounds.start_at
           AND h.hour_start < bounds.first_whole_day
       )
       SELECT p.id, p.content, sum(c.views)::int AS views,
              greatest(sum(c.likes), 0)::int AS likes, sum(c.replies)::int AS replies,
              p.created_at AS "createdAt"
       FROM counts c JOIN posts p ON p.id = c.post_id
       WHERE p.deleted_at IS NULL AND p.created_at IS NOT NULL
       GROUP BY p.id
       HAVING sum(c.views) > 0 OR sum(c.likes) > 0 OR sum(c.replies) > 0
       ORDER BY views DESC, likes DESC, p.created_at DESC, p.id
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
