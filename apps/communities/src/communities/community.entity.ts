import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CommunityCategory } from '@wave/contracts';

/**
 * An interest community. Lists page by (member_count, id), most members first;
 * the search over name and description uses a trigram index made in the
 * migration (`ix_communities_search`), which TypeORM is told to leave alone.
 */
@Entity({ name: 'communities' })
@Check('ck_communities_counts', 'member_count >= 0 AND post_count >= 0')
@Index('ix_communities_popular', ['memberCount', 'id'])
@Index('ix_communities_category_popular', ['category', 'memberCount', 'id'])
@Index('ix_communities_search', { synchronize: false })
export class CommunityEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  /** The name in lower case: names are unique whatever their case. */
  @Index('uq_communities_name_key', { unique: true })
  @Column({ type: 'varchar', length: 50 })
  nameKey!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 32 })
  category!: CommunityCategory;

  @Column({ type: 'boolean', default: false })
  isPrivate!: boolean;

  /** An object path (/objects/...) or null for the initials. */
  @Column({ type: 'text', nullable: true })
  iconUrl!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  rules!: string[];

  @Column({ type: 'integer', default: 0 })
  memberCount!: number;

  @Column({ type: 'integer', default: 0 })
  postCount!: number;

  @Column({ type: 'uuid' })
  createdBy!: string;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  /**
   * When its settings last changed (`community.updated` carries it); its creation until then.
   * Communities from before this column took the time of its migration.
   */
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;

  /** Grows with every change of its settings (`community.updated` carries it). */
  @Column({ type: 'integer', default: 1 })
  version!: number;
}
