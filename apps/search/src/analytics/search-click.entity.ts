import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A chosen search result (`POST /api/search/analytics`). */
@Entity({ name: 'search_clicks' })
@Index('ix_search_clicks_created', ['createdAt'])
export class SearchClickEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Null for a visitor. */
  @Column({ type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 200 })
  query!: string;

  @Column({ type: 'varchar', length: 200 })
  resultId!: string;

  @Column({ type: 'varchar', length: 10 })
  resultType!: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
