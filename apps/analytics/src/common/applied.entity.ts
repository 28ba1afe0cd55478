import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Events already applied, recorded in the same transaction as their effect, so
 * a redelivered event (a retry, a relay that published twice) changes nothing.
 * Forgotten after a month by the maintenance job: redeliveries come within minutes.
 */
@Entity({ name: 'applied_events' })
export class AppliedEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  eventId!: string;

  @Index('ix_applied_events_applied_at')
  @CreateDateColumn({ type: 'timestamptz' })
  appliedAt!: Date;
}

/** Batches of page views and impressions already written (the same rule as events). */
@Entity({ name: 'applied_batches' })
export class AppliedBatchEntity {
  @PrimaryColumn({ type: 'uuid' })
  batchId!: string;

  @Index('ix_applied_batches_applied_at')
  @CreateDateColumn({ type: 'timestamptz' })
  appliedAt!: Date;
}
