import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An event written in the same transaction as the change it describes, then
 * relayed to the subscribers' queues. Each service has this table in its schema.
 */
@Entity({ name: 'outbox' })
@Index('ix_outbox_unpublished', ['id'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Index('uq_outbox_event_id', { unique: true })
  @Column({ type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  occurredAt!: Date;

  /**
   * The trace of the request that wrote it (W3C `traceparent`, `tracestate`), for the jobs that
   * consume it to continue; null outside a recorded trace.
   */
  @Column({ type: 'jsonb', nullable: true })
  traceContext!: Record<string, string> | null;

  @Index('ix_outbox_published_at')
  @Column({ type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}
