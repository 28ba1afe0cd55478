import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'users' })
/** Usernames are unique whatever their case: an expression index, made by the migration. */
@Index('uq_users_username_lower', { synchronize: false })
@Check('ck_users_counts', 'followers_count >= 0 AND following_count >= 0')
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  username!: string;

  /** Stored lowercased. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 50 })
  displayName!: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  firstName!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  lastName!: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  bio!: string | null;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  coverImageUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ type: 'uuid', nullable: true })
  pinnedTweetId!: string | null;

  /** The highest pin version applied from timeline's tweet.pinned / tweet.unpinned events. */
  @Column({ type: 'integer', default: 0 })
  pinVersion!: number;

  @Column({ type: 'integer', default: 0 })
  followersCount!: number;

  @Column({ type: 'integer', default: 0 })
  followingCount!: number;

  /** Grows with every change that other services project (see user.* events). */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
