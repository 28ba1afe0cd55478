import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The communities service's copy of what it shows of a user, kept current from user.* events. */
@Entity({ name: 'authors' })
export class AuthorEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  username!: string;

  @Column({ type: 'varchar', length: 50 })
  displayName!: string;

  @Column({ type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  /** The highest user version applied: older or repeated events are ignored. */
  @Column({ type: 'integer' })
  version!: number;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
