import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A post or reply, from `tweet.created` and `tweet.deleted`, with its engagement as heard.
 * `hot` orders posts by engagement and age at once (HOT_SECONDS_PER_DECADE): it never changes
 * with the clock, only with engagement, so "popular now" is an index scan, not a sort of the
 * week's posts.
 * A like heard before its post starts a row with `createdAt` null; a deletion stays.
 * A tag's posts are read from `post_tags`, which keeps them in `hot` order.
 */
@Entity({ name: 'posts' })
@Index('ix_posts_hot', ['hot'], { where: 'created_at IS NOT NULL AND deleted_at IS NULL' })
@Index('ix_posts_author', ['authorId', 'createdAt'])
export class PostEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', nullable: true })
  authorId!: string | null;

  /** Set for a reply. */
  @Column({ type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'text', default: '' })
  content!: string;

  @Column({ type: 'varchar', length: 100, array: true, default: () => "'{}'" })
  hashtags!: string[];

  @Column({ type: 'integer', default: 0 })
  likeCount!: number;

  @Column({ type: 'integer', default: 0 })
  retweetCount!: number;

  @Column({ type: 'integer', default: 0 })
  replyCount!: number;

  @Column({ type: 'double precision', default: 0 })
  hot!: number;

  @Column({ type: 'timestamptz', nullable: true })
  createdAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /** The latest edit applied (`tweet.updated`): an older edit arriving later changes nothing. */
  @Column({ type: 'timestamptz', nullable: true })
  editedAt!: Date | null;
}
