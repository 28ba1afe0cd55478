import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CommunityEntity } from '../communities/community.entity';

/**
 * A post in a community. Ids are UUIDv7, so they sort by time; a community's
 * feed pages by (created_at, id). Counters move only with the rows they count.
 */
@Entity({ name: 'posts' })
@Check('ck_posts_counts', 'likes_count >= 0 AND comments_count >= 0 AND shares_count >= 0')
@Index('ix_posts_community_feed', ['communityId', 'createdAt', 'id'])
export class PostEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  communityId!: string;

  @ManyToOne(() => CommunityEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'community_id', foreignKeyConstraintName: 'fk_posts_community' })
  community?: CommunityEntity;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'text' })
  content!: string;

  /** Object paths of the images (/objects/...). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  mediaUrls!: string[];

  @Column({ type: 'integer', default: 0 })
  likesCount!: number;

  @Column({ type: 'integer', default: 0 })
  commentsCount!: number;

  @Column({ type: 'integer', default: 0 })
  sharesCount!: number;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}

/** A user shared a community post (counted once per user, however often they share it). */
@Entity({ name: 'post_shares' })
export class PostShareEntity {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id', foreignKeyConstraintName: 'fk_post_shares_post' })
  post?: PostEntity;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}

/** A user likes a community post (at most once). */
@Entity({ name: 'post_likes' })
export class PostLikeEntity {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id', foreignKeyConstraintName: 'fk_post_likes_post' })
  post?: PostEntity;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}

/** A comment on a community post; a post's comments read oldest first. */
@Entity({ name: 'comments' })
@Index('ix_comments_post', ['postId', 'createdAt', 'id'])
export class CommentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  postId!: string;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id', foreignKeyConstraintName: 'fk_comments_post' })
  post?: PostEntity;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
