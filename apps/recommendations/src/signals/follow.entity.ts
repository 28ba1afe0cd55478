import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A follow, as `follow.created` and `follow.deleted` say. The newest event wins (`changedAt`), so
 * events that arrive out of order (a retry after a later unfollow) leave the right state; an
 * unfollow keeps its row, inactive, for that reason.
 */
@Entity({ name: 'follows' })
@Index('ix_follows_follower_active', ['followerId', 'changedAt'], { where: 'active' })
@Index('ix_follows_followee_active', ['followeeId', 'changedAt'], { where: 'active' })
export class FollowEntity {
  @PrimaryColumn({ type: 'uuid' })
  followerId!: string;

  @PrimaryColumn({ type: 'uuid' })
  followeeId!: string;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ type: 'timestamptz' })
  changedAt!: Date;
}
