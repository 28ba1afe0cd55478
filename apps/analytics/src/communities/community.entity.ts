import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * What analytics knows of a community, from `community.created` and `community.updated`, in
 * whatever order they arrive: the newest settings win (by `version`, or by `updatedAt` for
 * events written before they carried one), and only `community.created` names the owner (its
 * creator: no event tells of ownership handed over). A private community is never listed in a
 * sitemap nor analysed by Auto-SEO.
 */
@Entity({ name: 'communities' })
export class CommunityEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Null until its `community.created` is heard. */
  @Column({ type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'boolean' })
  isPrivate!: boolean;

  /** The version of the settings applied (1 at creation); null for an update that had none. */
  @Column({ type: 'integer', nullable: true })
  version!: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  createdAt!: Date | null;

  /** When its settings last changed (the sitemap's `lastmod`). */
  @Column({ type: 'timestamptz' })
  updatedAt!: Date;

  /** The order rows arrived in, for the sitemap's pages (as `users.sitemap_seq`). */
  @Index('ix_communities_sitemap_seq', { unique: true })
  @Column({ type: 'bigint' })
  @Generated('increment')
  sitemapSeq!: string;
}
