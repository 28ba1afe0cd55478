import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FollowEntity, FollowerCountEntity } from './follow.entity';

/** The only code that reads and writes timeline's follow projection. */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records a follow once; the count moves only when the row is new (events can
   * repeat). Returns the followee's follower count after it.
   */
  async add(followerId: string, followeeId: string, at: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: unknown[] = await manager.query(
        `INSERT INTO ${this.table(FollowEntity)} (follower_id, followee_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [followerId, followeeId, at],
      );
      if (rows.length === 0) {
        const known = await manager.findOneBy(FollowerCountEntity, { userId: followeeId });
        return known?.followers ?? 0;
      }
      const counts: { followers: number }[] = await manager.query(
        `INSERT INTO ${this.table(FollowerCountEntity)} AS c (user_id, followers) VALUES ($1, 1)
         ON CONFLICT (user_id) DO UPDATE SET followers = c.followers + 1 RETURNING c.followers`,
        [followeeId],
      );
      return counts[0]?.followers ?? 0;
    });
  }

  async remove(followerId: string, followeeId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(FollowEntity, { followerId, followeeId });
      if ((result.affected ?? 0) === 0) return false;
      await manager.query(
        `UPDATE ${this.table(FollowerCountEntity)} SET followers = GREATEST(followers - 1, 0) WHERE user_id = $1`,
        [followeeId],
      );
      return true;
    });
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

  private table(entity: typeof FollowEntity | typeof FollowerCountEntity): string {
    return this.dataSource.getMetadata(entity).tablePath;
  }
}
