import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What recommendations knows of a member, from `user.registered` and `user.updated` (the highest
 * `version` wins), and their follow counts, kept by the follow events. A row may start from a
 * follow heard before the member (`version` 0, no username yet): such rows are never suggested.
 */
@Entity({ name: 'users' })
@Index('ix_users_popular', ['followersCount', 'id'], { where: 'version > 0' })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text', default: '' })
  username!: string;

  @Column({ type: 'text', default: '' })
  displayName!: string;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ type: 'integer', default: 0 })
  version!: number;

  @Column({ type: 'integer', default: 0 })
  followersCount!: number;

  @Column({ type: 'integer', default: 0 })
  followingCount!: number;

  /** Posts and replies written (not deleted): with `engagementReceived`, the author's engagement rate. */
  @Column({ type: 'integer', default: 0 })
  postsCount!: number;

  /** Likes and retweets of their posts, as heard. */
  @Column({ type: 'integer', default: 0 })
  engagementReceived!: number;

  @Column({ type: 'timestamptz', nullable: true })
  createdAt!: Date | null;
}
