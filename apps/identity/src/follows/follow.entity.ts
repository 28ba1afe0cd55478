import {
  Check,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { UserEntity } from '../users/user.entity';

/**
 * One row per "follower follows followee". The primary key serves "whom does X
 * follow"; the followee index serves "who follows X"; both page newest first by
 * (created_at, other id), which millisecond precision keeps exact in cursors.
 */
@Entity({ name: 'follows' })
@Check('ck_follows_not_self', 'follower_id <> followee_id')
@Index('ix_follows_followee_created', ['followeeId', 'createdAt', 'followerId'])
@Index('ix_follows_follower_created', ['followerId', 'createdAt', 'followeeId'])
export class FollowEntity {
  @PrimaryColumn({ type: 'uuid' })
  followerId!: string;

  @PrimaryColumn({ type: 'uuid' })
  followeeId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'follower_id', foreignKeyConstraintName: 'fk_follows_follower' })
  follower?: UserEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'followee_id', foreignKeyConstraintName: 'fk_follows_followee' })
  followee?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
