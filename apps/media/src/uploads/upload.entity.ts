import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export const UPLOAD_STATUSES = ['pending', 'receiving', 'stored', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * One upload URL and what became of it. `pending` until the single PUT it
 * allows begins, then `receiving`, and `stored` or `failed`. Stored uploads
 * that nothing claims are deleted after a day (from the upload, or from when
 * their last claim was given back).
 */
@Entity({ name: 'uploads' })
@Check('ck_uploads_status', `status IN ('pending', 'receiving', 'stored', 'failed')`)
@Index('ix_uploads_unclaimed', ['createdAt'], { where: 'claimed_at IS NULL' })
export class UploadEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('ix_uploads_owner')
  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: UploadStatus;

  /** The upload URL stops working then. */
  @Column({ type: 'timestamptz', precision: 3 })
  urlExpiresAt!: Date;

  @Column({ type: 'varchar', length: 40, nullable: true })
  contentType!: string | null;

  @Column({ type: 'integer', nullable: true })
  size!: number | null;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  /** A smaller WebP for feeds exists beside the original. */
  @Column({ type: 'boolean', default: false })
  hasDisplay!: boolean;

  /** What uses it (tweet, profile, cover); null while unclaimed. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  claimedFor!: string | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  claimedAt!: Date | null;

  /**
   * When its last claim was given back without deleting it (the write that
   * claimed it failed, or the claim's subject never came to exist): unclaimed
   * again, it is kept for UNCLAIMED_TTL_SECONDS from then, as from its upload.
   */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  releasedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  storedAt!: Date | null;
}
