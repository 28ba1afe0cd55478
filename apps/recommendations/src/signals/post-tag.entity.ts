import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One row per hashtag of a live post of the last TOPICAL_WINDOW_DAYS: the posts of a tag in `hot`
 * order, so "people posting in your hashtags" and "popular in #tag" read a few index entries per
 * tag whatever the tag's size. (A GIN index over `posts.hashtags` finds a tag's posts but not in
 * `hot` order: PostgreSQL scanned `ix_posts_hot` and threw away thousands of rows per tag,
 * BENCHMARKS.md.) Written in the statements that set `posts.hot`; deleted with the post; rows
 * older than the window are pruned by the training job.
 */
@Entity({ name: 'post_tags' })
@Index('ix_post_tags_tag_hot', ['tag', 'hot'])
@Index('ix_post_tags_created', ['createdAt'])
export class PostTagEntity {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  tag!: string;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'boolean' })
  isReply!: boolean;

  @Column({ type: 'double precision' })
  hot!: number;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
