import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { FollowEntity, FollowerCountEntity, FollowRemovalEntity } from './follow.entity';

/** The advisory lock class of a follower-followee pair (pg_advisory_xact_lock(class, key)). */
const PAIR_LOCK_CLASS = 0x71_f0;

/**
 * Serialises the writes of one pair until the transaction ends. Under READ COMMITTED, a follow
 * and its unfollow applied at the same moment (two workers) would each miss the other's
 * uncommitted row: the follow finds no unfollow newer than it, the unfollow no follow to delete,
 * and the follow stays for good. Taken first, the lock makes the second wait for the first to
 * commit, and its statement (a new snapshot) then sees it.
 */
async function lockPair(manager: EntityManager, followerId: string, followeeId: string) {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    PAIR_LOCK_CLASS,
    `${followerId}:${followeeId}`,
  ]);
}

/** The only code that reads and writes timeline's follow projection. */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records a follow made at `at` once; the count moves only when the row is
   * new (events can repeat). A follow older than the pair's last unfollow (a
   * late or retried event) is not applied. Returns the followee's follower
   * count after it.
   */
  async add(followerId: string, followeeId: string, at: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, followerId, followeeId);
      return this.insertFollow(manager, followerId, followeeId, at);
    });
  }

  private async insertFollow(
    manager: EntityManager,
    followerId: string,
    followeeId: string,
    at: Date,
  ): Promise<number> {
    // One statement: the follow and the count it moves are written together or not at all.
    const rows: { followers: number }[] = await manager.query(
      `WITH added AS (
         INSERT INTO ${this.table(FollowEntity)} AS f (follower_id, followee_id, created_at)
         SELECT $1, $2, $3 WHERE NOT EXISTS (
           SELECT 1 FROM ${this.table(FollowRemovalEntity)}
           WHERE follower_id = $1 AND followee_id = $2 AND removed_at >= $3)
         ON CONFLICT (follower_id, followee_id) DO UPDATE SET created_at = EXCLUDED.created_at
           WHERE f.created_at < EXCLUDED.created_at
         RETURNING (xmax = 0) AS inserted
       ), counted AS (
         INSERT INTO ${this.table(FollowerCountEntity)} AS c (user_id, followers)
         SELECT $2, 1 WHERE EXISTS (SELECT 1 FROM added WHERE inserted)
         ON CONFLICT (user_id) DO UPDATE SET followers = c.followers + 1 RETURNING c.followers
       )
       SELECT COALESCE(
         (SELECT followers FROM counted),
         (SELECT followers FROM ${this.table(FollowerCountEntity)} WHERE user_id = $2),
         0) AS followers`,
      [followerId, followeeId, at],
    );
    return rows[0]?.followers ?? 0;
  }

  /**
   * Records an unfollow made at `at`: the pair's last unfollow is kept, and
   * the follow goes unless it was made again after `at` (events arrived out
   * of order). Returns whether a follow went.
   */
  async remove(followerId: string, followeeId: string, at: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, followerId, followeeId);
      return this.deleteFollow(manager, followerId, followeeId, at);
    });
  }

  private async deleteFollow(
    manager: EntityManager,
    followerId: string,
    followeeId: string,
    at: Date,
  ): Promise<boolean> {
    // One statement, as `add`: the unfollow noted, the follow gone, the count moved, together.
    const rows: { removed: boolean }[] = await manager.query(
      `WITH noted AS (
         INSERT INTO ${this.table(FollowRemovalEntity)} AS r (follower_id, followee_id, removed_at)
         VALUES ($1, $2, $3)
         ON CONFLICT (follower_id, followee_id)
           DO UPDATE SET removed_at = greatest(r.removed_at, EXCLUDED.removed_at)
       ), removed AS (
         DELETE FROM ${this.table(FollowEntity)}
         WHERE follower_id = $1 AND followee_id = $2 AND created_at <= $3 RETURNING 1
       ), counted AS (
         UPDATE ${this.table(FollowerCountEntity)} SET followers = GREATEST(followers - 1, 0)
         WHERE user_id = $2 AND EXISTS (SELECT 1 FROM removed)
       )
       SELECT EXISTS (SELECT 1 FROM removed) AS removed`,
      [followerId, followeeId, at],
    );
    return rows[0]?.removed ?? false;
  }

  async followersCount(userId: string): Promise<number> {
    const row = await this.dataSource.getRepository(FollowerCountEntity).findOneBy({ userId });
    return row?.followers ?? 0;
  }

  /** A page of an author's followers in id order (for fan-out). */
  async followersAfter(
    followeeId: string,
    afterFollowerId: string | null,
    limit: number,
  ): Promise<string[]> {
    const rows: { follower_id: string }[] = await this.dataSource.query(
      `SELECT follower_id FROM ${this.table(FollowEntity)}
       WHERE followee_id = $1 AND ($2::uuid IS NULL OR follower_id > $2::uuid)
       ORDER BY follower_id LIMIT $3`,
      [followeeId, afterFollowerId, limit],
    );
    return rows.map((row) => row.follower_id);
  }

  /** The accounts a reader follows that have more followers than the threshold. */
  async celebritiesFollowedBy(readerId: string, threshold: number): Promise<string[]> {
    const rows: { followee_id: string }[] = await this.dataSource.query(
      `SELECT f.followee_id FROM ${this.table(FollowEntity)} f
       JOIN ${this.table(FollowerCountEntity)} c ON c.user_id = f.followee_id
       WHERE f.follower_id = $1 AND c.followers > $2`,
      [readerId, threshold],
    );
    return rows.map((row) => row.followee_id);
  }

  /** Which of the given authors the reader follows. */
  async followedAmong(readerId: string, authorIds: string[]): Promise<Set<string>> {
    if (authorIds.length === 0) return new Set();
    const rows: { followee_id: string }[] = await this.dataSource.query(
      `SELECT followee_id FROM ${this.table(FollowEntity)} WHERE follower_id = $1 AND followee_id = ANY($2::uuid[])`,
      [readerId, authorIds],
    );
    return new Set(rows.map((row) => row.followee_id));
  }

  private table(
    entity: typeof FollowEntity | typeof FollowerCountEntity | typeof FollowRemovalEntity,
  ): string {
    return this.dataSource.getMetadata(entity).tablePath;
  }
}
