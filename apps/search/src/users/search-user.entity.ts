import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A user as search finds them, kept current from user.* and follow.* events.
 * Trigram indexes on the handle and the name (made in the migration) serve
 * prefix, substring and one-typo matches.
 */
@Entity({ name: 'users' })
@Index('ix_users_username_trgm', { synchronize: false })
@Index('ix_users_display_name_trgm', { synchronize: false })
export class SearchUserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  username!: string;

  /** The handle in lower case: what queries compare with. */
  @Index('ix_users_username_key')
  @Column({ type: 'varchar', length: 30 })
  usernameKey!: string;

  @Column({ type: 'varchar', length: 50 })
  displayName!: string;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ type: 'integer', default: 0 })
  followersCount!: number;

  /** The highest user version applied: older or repeated events are ignored. */
  @Column({ type: 'integer' })
  version!: number;
}

/** Who follows whom, so follower counts stay exact when follow events repeat. */
@Entity({ name: 'follows' })
export class SearchFollowEntity {
  @PrimaryColumn({ type: 'uuid' })
  followerId!: string;

  @PrimaryColumn({ type: 'uuid' })
  followeeId!: string;

  /** When the follow was made (the latest time, if made again); unknown for older rows. */
  @Column({ type: 'timestamptz', precision: 3, default: () => "'-infinity'" })
  followedAt!: Date;
}

/**
 * The latest unfollow of each pair: a follow made before it (a late or
 * retried event, a reindex page read before the unfollow) is not applied.
 */
@Entity({ name: 'follow_removals' })
export class SearchFollowRemovalEntity {
  @PrimaryColumn({ type: 'uuid' })
  followerId!: string;

  @PrimaryColumn({ type: 'uuid' })
  followeeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  removedAt!: Date;
}
