import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Timeline's copy of the follow graph (from follow.* events): who receives an
 * author's posts, and whose posts rebuild a reader's timeline.
 */
@Entity({ name: 'follows' })
@Index('ix_follows_followee_follower', ['followeeId', 'followerId'])
export class FollowEntity {
  @PrimaryColumn({ type: 'uuid' })
  followerId!: string;

  @PrimaryColumn({ type: 'uuid' })
  followeeId!: string;

  /** When the follow was made (the latest time, if made again). */
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}

/**
 * The latest unfollow of each pair: a follow made before it (a late or
 * retried follow.created) is not applied, so the projection follows the
 * order things happened in, not the order events arrive in.
 */
@Entity({ name: 'follow_removals' })
export class FollowRemovalEntity {
  @PrimaryColumn({ type: 'uuid' })
  followerId!: string;

  @PrimaryColumn({ type: 'uuid' })
  followeeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  removedAt!: Date;
}

/**
 * How many followers each user has, from the follow projection (it may arrive
 * before the user's own events): decides fan-out on write or merge on read.
 */
@Entity({ name: 'follower_counts' })
@Check('ck_follower_counts_followers', 'followers >= 0')
export class FollowerCountEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'integer', default: 0 })
  followers!: number;
}
