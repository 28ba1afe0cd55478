import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { KeysetPosition } from '@wave/database';
import { FollowEntity } from './follow.entity';

export interface FollowEdge {
  userId: string;
  createdAt: Date;
}

export interface FollowKey {
  followerId: string;
  followeeId: string;
}

/** The only code that reads and writes identity's follows table. */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the edge if missing (made `at`, or now); returns its time when this call created it. */
  async insert(
    manager: EntityManager,
    followerId: string,
    followeeId: string,
    at?: Date,
  ): Promise<Date | null> {
    const rows: { created_at: Date }[] = await manager.query(
      `INSERT INTO ${this.table()} (follower_id, followee_id, created_at)
       VALUES ($1, $2, COALESCE($3::timestamptz, now()))
       ON CONFLICT DO NOTHING RETURNING created_at`,
      [followerId, followeeId, at ?? null],
    );
    return rows[0]?.created_at ?? null;
  }

  /** Deletes the edge; true when there was one. */
  async delete(manager: EntityManager, followerId: string, followeeId: string): Promise<boolean> {
    const result = await manager.delete(FollowEntity, { followerId, followeeId });
    return (result.affected ?? 0) > 0;
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
