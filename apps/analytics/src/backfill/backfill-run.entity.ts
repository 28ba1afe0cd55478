import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far the backfill of a projection got: the owner's keyset cursor after the last page
 * written (in the same transaction as its rows), and when it reached the end.
 */
@Entity({ name: 'backfill_runs' })
export class BackfillRunEntity {
  /** The projection filled (`users`, `communities`). */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  source!: string;

  /** The `after` of the next page; null before the first one. */
  @Column({ type: 'uuid', nullable: true })
  cursor!: string | null;

  @Column({ type: 'integer', default: 0 })
  pages!: number;

  @Column({ type: 'integer', default: 0 })
  items!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  startedAt!: Date;

  /** Null until the owner's last page was written. */
  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
