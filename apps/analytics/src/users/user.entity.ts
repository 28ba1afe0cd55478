import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * What analytics knows of a member, from `user.registered` and `user.updated`: enough to name
 * their profile page (by id and by username) and to list it in the sitemap. `version` grows
 * with every change in identity, so the highest seen wins whatever order events arrive in.
 */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  /** The user's version of the newest event applied. */
  @Column({ type: 'integer' })
  version!: number;

  /** When the profile last changed, as identity said (the sitemap's `lastmod`). */
  @Column({ type: 'timestamptz' })
  updatedAt!: Date;

  /**
   * The order rows arrived in: sitemap file n lists the rows numbered ((n-1)·size, n·size], an
   * index range whatever the table's size (see sitemaps/sitemap-pages.util.ts).
   */
  @Index('ix_users_sitemap_seq', { unique: true })
  @Column({ type: 'bigint' })
  @Generated('increment')
  sitemapSeq!: string;
}
