import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A public page (a post, a profile or a community) that got views, and Auto-SEO's latest
 * analysis of it, made from what a crawler receives. `dueAt` says when it is to be analysed
 * (again): at its first view, when its content changes, and otherwise at most once an hour
 * while it keeps getting views. `ownerId` is the member whose page it is: a post's author and
 * the profile's member, as the page itself says; a community's owner, from its projection.
 */
@Entity({ name: 'seo_pages' })
@Index('ix_seo_pages_due', ['dueAt'], { where: '"due_at" IS NOT NULL' })
// With the kind: a profile's edit finds the member's profile pages without reading their posts'.
@Index('ix_seo_pages_owner_kind', ['ownerId', 'kind'], { where: '"owner_id" IS NOT NULL' })
export class SeoPageEntity {
  /** The path viewed (`/tweet/{id}`, `/profile/{username}`, `/community/{id}`). */
  @PrimaryColumn({ type: 'varchar', length: 512 })
  path!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'uuid', nullable: true })
  ownerId!: string | null;

  /** The page's title and canonical address, as served. */
  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @Column({ type: 'smallint', nullable: true })
  seoScore!: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  issues!: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  recommendations!: string[];

  @Column({ type: 'timestamptz', nullable: true })
  analyzedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  dueAt!: Date | null;

  /** Failed fetches in a row (the page's server down or slow): each waits longer. */
  @Column({ type: 'smallint', default: 0 })
  failures!: number;
}
