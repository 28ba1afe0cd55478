import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A community, from `community.created` and `community.updated`, with its activity as heard. */
@Entity({ name: 'communities' })
@Index('ix_communities_popular', ['memberCount', 'id'], { where: 'created_at IS NOT NULL' })
// A GIN expression index over name, description and category (by hand in the migration).
@Index('ix_communities_text', { synchronize: false })
export class CommunityEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text', default: '' })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', default: '' })
  category!: string;

  @Column({ type: 'boolean', default: false })
  isPrivate!: boolean;

  @Column({ type: 'integer', default: 0 })
  version!: number;

  @Column({ type: 'integer', default: 0 })
  memberCount!: number;

  /** Posts and likes of its posts, as heard. */
  @Column({ type: 'integer', default: 0 })
  activityCount!: number;

  /** Null until `community.created` is heard (a join may come first). */
  @Column({ type: 'timestamptz', nullable: true })
  createdAt!: Date | null;
}
