import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PagePreview } from '../link-previews/link-preview-parser';

/**
 * A post, or a reply (parentId set). Ids are UUIDv7, so they sort by time; the
 * lists page by (created_at, id). Counters move only with the rows they count.
 */
@Entity({ name: 'tweets' })
@Check('ck_tweets_counts', 'replies_count >= 0 AND retweets_count >= 0 AND likes_count >= 0')
@Index('ix_tweets_public', ['createdAt', 'id'], { where: 'parent_id IS NULL' })
@Index('ix_tweets_author_posts', ['authorId', 'createdAt', 'id'], { where: 'parent_id IS NULL' })
@Index('ix_tweets_replies', ['parentId', 'createdAt', 'id'], { where: 'parent_id IS NOT NULL' })
export class TweetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'text' })
  content!: string;

  /** Object paths of the images (/objects/...). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  imageUrls!: string[];

  @Column({ type: 'jsonb', nullable: true })
  linkPreview!: PagePreview | null;

  /** The post this one replies to (no foreign key: replies outlive a deleted parent). */
  @Column({ type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'integer', default: 0 })
  repliesCount!: number;

  @Column({ type: 'integer', default: 0 })
  retweetsCount!: number;

  @Column({ type: 'integer', default: 0 })
  likesCount!: number;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  editedAt!: Date | null;

  /**
   * Moved on by every change of the row (counters, edits, pins), under its lock: of two states
   * of a tweet, the tweet cache keeps the later. PostgreSQL's bigint reaches us as a string.
   */
  @Column({ type: 'bigint', default: '0', select: false })
  version!: string;
}
