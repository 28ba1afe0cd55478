import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RecommendationContentType } from '@wave/contracts';

export const IMPRESSION_OUTCOMES = ['acted', 'clicked', 'dismissed'] as const;
export type ImpressionOutcome = (typeof IMPRESSION_OUTCOMES)[number];

/**
 * An item a member was shown, with the features it was ranked on, and what came of it: they
 * followed, liked, retweeted or joined it (`acted`), chose it (`clicked`), dismissed it, or
 * nothing (null; ignored once IGNORED_AFTER_HOURS have passed). The ranker learns from these.
 * One row per member and item: showing it again refreshes the features while no outcome is known.
 */
@Entity({ name: 'impressions' })
@Index('ix_impressions_shown_at', ['shownAt'])
export class ImpressionEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  contentType!: RecommendationContentType;

  @PrimaryColumn({ type: 'uuid' })
  contentId!: string;

  @Column({ type: 'double precision', array: true })
  features!: number[];

  /** FEATURE_SET when the features were measured: training reads only today's. */
  @Column({ type: 'varchar', length: 16, default: '' })
  featureSet!: string;

  @Column({ type: 'double precision' })
  score!: number;

  @Column({ type: 'timestamptz' })
  shownAt!: Date;

  @Column({ type: 'varchar', length: 10, nullable: true })
  outcome!: ImpressionOutcome | null;

  @Column({ type: 'timestamptz', nullable: true })
  outcomeAt!: Date | null;
}
