import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The top-level posts the posts sitemap may list, numbered in the order their `tweet.created`
 * arrived (sitemap file n lists the numbers ((n-1)·size, n·size]). A deleted post's row goes;
 * its edits come from the posts projection. Kept apart from `posts` so that replies and posts
 * heard of only through an edit or a count take no number.
 */
@Entity({ name: 'sitemap_posts' })
export class SitemapPostEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  seq!: string;

  @Index('ix_sitemap_posts_post', { unique: true })
  @Column({ type: 'uuid' })
  postId!: string;

  /** The post's creation: where the window of recent posts starts is found by it. */
  @Index('ix_sitemap_posts_created')
  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
