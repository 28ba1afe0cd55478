import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { UploadEntity } from '../uploads/upload.entity';

/**
 * One use of an upload: the tweet, community post or community (its icon) it
 * appears in, or the user whose profile or cover image it is. An upload is
 * kept while it has a claim; the last one released deletes it (the tweet or
 * post deleted, the image replaced). Uploads claimed before claims were
 * recorded have none here and are simply kept.
 *
 * A claim is made just before the write that records the use, so for a while
 * its subject may not exist yet, and never will if the write failed: the
 * clean-up asks the subject's owner about claims still unverified after
 * CLAIM_VERIFY_AFTER_SECONDS, marks those whose subject exists (and, for a
 * profile, cover or icon, still shows that upload) as verified (never asked
 * about again) and gives back the others.
 */
@Entity({ name: 'claims' })
@Index('ix_claims_subject', ['subjectId', 'purpose'])
@Index('ix_claims_unverified', ['claimedAt', 'uploadId', 'purpose', 'subjectId'], {
  where: 'verified_at IS NULL',
})
export class ClaimEntity {
  @PrimaryColumn({ type: 'uuid' })
  uploadId!: string;

  /** Deleting the upload deletes its claims. */
  @ManyToOne(() => UploadEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'upload_id', foreignKeyConstraintName: 'fk_claims_upload' })
  upload?: UploadEntity;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  purpose!: string;

  @PrimaryColumn({ type: 'uuid' })
  subjectId!: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  claimedAt!: Date;

  /**
   * The claim call that made it, while it is the only one that did: another
   * call claiming the same use clears it. A failed write gives back the claims
   * of its own call only (never a use someone else's write, or an earlier
   * one, may rely on).
   */
  @Column({ type: 'uuid', nullable: true })
  claimId!: string | null;

  /**
   * When the subject's owner vouched for the claim (the subject exists, and
   * shows the image); null until then, and again once another call claims the
   * same use (made anew, `claimedAt` then).
   */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  verifiedAt!: Date | null;
}

/**
 * The newest version applied per user (`user.updated`) or community
 * (`community.updated`), so that an older event heard later does not release
 * the images a newer one kept.
 */
@Entity({ name: 'applied_versions' })
export class AppliedVersionEntity {
  /** `user` or `community`. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind!: string;

  @PrimaryColumn({ type: 'uuid' })
  subjectId!: string;

  @Column({ type: 'integer' })
  version!: number;
}
