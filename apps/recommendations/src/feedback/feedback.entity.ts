import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RecommendationContentType, RecommendationFeedbackAction } from '@wave/contracts';

/** Every dismissal and click a member sent (`POST /api/ai/feedback`), as sent: training data. */
@Entity({ name: 'feedback' })
@Index('ix_feedback_user_created', ['userId', 'createdAt'])
export class FeedbackEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 10 })
  action!: RecommendationFeedbackAction;

  @Column({ type: 'varchar', length: 10 })
  contentType!: RecommendationContentType;

  @Column({ type: 'uuid' })
  contentId!: string;

  /** The score the item was shown with, when the client sent it. */
  @Column({ type: 'double precision', nullable: true })
  score!: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

/** What a member dismissed: never suggested to them again. */
@Entity({ name: 'dismissals' })
export class DismissalEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  contentType!: RecommendationContentType;

  @PrimaryColumn({ type: 'uuid' })
  contentId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  dismissedAt!: Date;
}
