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
 */
@Entity({ name: 'claims' })
@Index('ix_claims_subject', ['subjectId', 'purpose'])
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
