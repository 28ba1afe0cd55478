import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The reindex command's progress through one source (users, follows, posts):
 * saved after every page, so an interrupted rebuild continues where it stopped.
 */
@Entity({ name: 'reindex_runs' })
export class ReindexRunEntity {
  /** `users`, `follows` or `posts` (see REINDEX_SOURCES). */
  @PrimaryColumn({ type: 'varchar', length: 20 })
  source!: string;

  /** The `after` of the next page (the last key written); null before the first page. */
  @Column({ type: 'jsonb', nullable: true })
  cursor!: unknown;

  @Column({ type: 'integer', default: 0 })
  pages!: number;

  /** Rows read from the owner and written to the engine. */
  @Column({ type: 'integer', default: 0 })
  items!: number;

  @Column({ type: 'timestamptz', precision: 3 })
  startedAt!: Date;

  /** Set once the owner had no page after the last: the source is complete. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  finishedAt!: Date | null;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
