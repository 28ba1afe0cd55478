import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A community post, from `community.post.created` and `community.post.deleted`: which community a
 * like of it (`community.post.liked`) counts for.
 */
@Entity({ name: 'community_posts' })
export class CommunityPostEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  communityId!: string;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
