import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Events already applied, recorded in the same transaction as their effect, so a redelivered
 * event (a retry, a relay that published twice) changes nothing.
 */
@Entity({ name: 'applied_events' })
export class AppliedEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  eventId!: string;

  @Index('ix_applied_events_applied_at')
  @CreateDateColumn({ type: 'timestamptz' })
  appliedAt!: Date;
}
