import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { KeysetPosition } from '@wave/database';
import { UserEntity } from '../users/user.entity';
import { FollowEntity } from './follow.entity';

export interface FollowEdge {
  userId: string;
  createdAt: Date;
}

/** What a follow or unfollow did, and the followee's follower count after it. */
export interface FollowChange {
  /** When the follow was made, or taken back; null when nothing changed. */
  changedAt: Date | null;
  followersCount: number;
}

interface FollowChangeRow {
  changed_at: Date | string | null;
  followers_count: number;
}

export interface FollowKey {
  followerId: string;
  followeeId: string;
}

/** The only code that reads and writes identity's follows table. */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Follows (`on`) or unfollows, in one statement: adds the edge if missing (made `at`, or now)
   * or removes it if there, and moves both counters by what changed, so they stay exact under
   * concurrent clicks. The caller has locked both users already (`UsersRepository.lockInOrder`)
   * in a statement of its own: a statement that waits for a lock sees, once it has it, only the
   * rows of when it began, so a follow committed meanwhile would escape an unfollow that locked
   * and deleted in one statement. `changedAt` is set only when this call changed the edge.
   */
  async set(
    manager: EntityManager,
    followerId: string,
    followeeId: string,
    on: boolean,
    at?: Date,
  ): Promise<FollowChange> {
    const users = this.dataSource.getMetadata(UserEntity).tablePath;
    const change = on
      ? `INSERT INTO ${this.table()} (follower_id, followee_id, created_at)
         VALUES ($1, $2, COALESCE($3::timestamptz, now()))
         ON CONFLICT DO NOTHING RETURNING created_at AS changed_at`
      : `DELETE FROM ${this.table()} WHERE follower_id = $1 AND followee_id = $2
         RETURNING now() AS changed_at`;
    const rows: FollowChangeRow[] = await manager.query(
      `WITH changed AS (${change}),
       counted AS (
         UPDATE ${users} SET
           followers_count = followers_count + CASE WHEN id = $2 THEN ${on ? 1 : -1} ELSE 0 END,
           following_count = following_count + CASE WHEN id = $1 THEN ${on ? 1 : -1} ELSE 0 END
         WHERE id IN ($1, $2) AND EXISTS (SELECT 1 FROM changed)
         RETURNING id, followers_count
       )
       SELECT (SELECT changed_at FROM changed) AS changed_at,
              COALESCE((SELECT followers_count FROM counted WHERE id = $2),
                       (SELECT followers_count FROM ${users} WHERE id = $2), 0) AS followers_count`,
      // $3 (the time) only where the statement names it: PostgreSQL refuses an unused one.
      on ? [followerId, followeeId, at ?? null] : [followerId, followeeId],
    );
    const row = rows[0];
    return {
      changedAt: row?.changed_at ? new Date(row.changed_at) : null,
      followersCount: row?.followers_count ?? 0,
    };
  }

  /**
   * Adds the follows that are missing, in one statement, and moves each user's counters by how
   * many they gained; skips those that exist and those whose users do not (the caller has locked
   * the users: `UsersRepository.lockInOrder`, see `set`). Returns the follows it added.
   */
  async addMany(
    manager: EntityManager,
    edges: readonly (FollowKey & { at?: Date | undefined })[],
  ): Promise<(FollowKey & { createdAt: Date })[]> {
    if (edges.length === 0) return [];
    const users = this.dataSource.getMetadata(UserEntity).tablePath;
    const rows: { follower_id: string; followee_id: string; created_at: Date }[] =
      await manager.query(
        `WITH added AS (
           INSERT INTO ${this.table()} (follower_id, followee_id, created_at)
           SELECT e.follower_id, e.followee_id, COALESCE(e.at, now())
           FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS e(follower_id, followee_id, at)
           WHERE e.follower_id <> e.followee_id
             AND EXISTS (SELECT 1 FROM ${users} u WHERE u.id = e.follower_id)
             AND EXISTS (SELECT 1 FROM ${users} u WHERE u.id = e.followee_id)
           ON CONFLICT DO NOTHING
           RETURNING follower_id, followee_id, created_at
         ),
         gained AS (
           SELECT id, sum(followers)::int AS followers, sum(following)::int AS following
           FROM (SELECT followee_id AS id, 1 AS followers, 0 AS following FROM added
                 UNION ALL SELECT follower_id, 0, 1 FROM added) g
           GROUP BY id
         ),
         -- Run though nothing reads it, as every data-modifying WITH is.
         counted AS (
           UPDATE ${users} u SET followers_count = u.followers_count + g.followers,
             following_count = u.following_count + g.following
           FROM gained g WHERE u.id = g.id
         )
         SELECT follower_id, followee_id, created_at FROM added`,
        [
          edges.map((edge) => edge.followerId),
          edges.map((edge) => edge.followeeId),
          edges.map((edge) => edge.at ?? null),
        ],
      );
    return rows.map((row) => ({
      followerId: row.follower_id,
      followeeId: row.followee_id,
      createdAt: new Date(row.created_at),
    }));
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    return this.dataSource.getRepository(FollowEntity).existsBy({ followerId, followeeId });
  }

  /** Which of the given users the reader follows. */
  async followedAmong(readerId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows: { followee_id: string }[] = await this.dataSource.query(
      `SELECT followee_id FROM ${this.table()} WHERE follower_id = $1 AND followee_id = ANY($2::uuid[])`,
      [readerId, userIds],
    );
    return new Set(rows.map((row) => row.followee_id));
  }

  /** Followers of a user, newest first, after the cursor. */
  followersOf(userId: string, limit: number, after: KeysetPosition | null): Promise<FollowEdge[]> {
    return this.page('followee_id', 'follower_id', userId, limit, after);
  }

  /** Users a user follows, newest first, after the cursor. */
  followingOf(userId: string, limit: number, after: KeysetPosition | null): Promise<FollowEdge[]> {
    return this.page('follower_id', 'followee_id', userId, limit, after);
  }

  /** Follows after `after` in primary-key order (all of them, page by page): the rebuild call's rows. */
  async pageByKey(
    after: FollowKey | null,
    limit: number,
  ): Promise<(FollowKey & { createdAt: Date })[]> {
    const rows: { follower_id: string; followee_id: string; created_at: Date }[] =
      await this.dataSource.query(
        `SELECT follower_id, followee_id, created_at FROM ${this.table()}
       ${after ? 'WHERE (follower_id, followee_id) > ($2::uuid, $3::uuid)' : ''}
       ORDER BY follower_id, followee_id
       LIMIT $1`,
        after ? [limit, after.followerId, after.followeeId] : [limit],
      );
    return rows.map((row) => ({
      followerId: row.follower_id,
      followeeId: row.followee_id,
      createdAt: row.created_at,
    }));
  }

  private async page(
    anchor: 'followee_id' | 'follower_id',
    other: 'followee_id' | 'follower_id',
    userId: string,
    limit: number,
    after: KeysetPosition | null,
  ): Promise<FollowEdge[]> {
    const params: unknown[] = [userId, limit];
    let keyset = '';
    if (after) {
      params.push(after.at, after.id);
      keyset = `AND (created_at, ${other}) < ($3, $4::uuid)`;
    }
    const rows: { user_id: string; created_at: Date }[] = await this.dataSource.query(
      `SELECT ${other} AS user_id, created_at FROM ${this.table()}
       WHERE ${anchor} = $1 ${keyset}
       ORDER BY created_at DESC, ${other} DESC
       LIMIT $2`,
      params,
    );
    return rows.map((row) => ({ userId: row.user_id, createdAt: row.created_at }));
  }

  private table(): string {
    return this.dataSource.getMetadata(FollowEntity).tablePath;
  }
}
