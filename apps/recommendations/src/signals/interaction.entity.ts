import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const INTERACTION_KINDS = ['like', 'retweet', 'reply'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

/**
 * A member's like, retweet or reply of a post; the newest event wins (as follows). Replies are
 * never undone here (a deleted reply leaves its signal: the member did engage).
 */
@Entity({ name: 'interactions' })
@Index('ix_interactions_user_active', ['userId', 'changedAt'], { where: 'active' })
@Index('ix_interactions_post_changed', ['postId', 'changedAt'], { where: 'active' })
export class InteractionEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  kind!: InteractionKind;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ type: 'timestamptz' })
  changedAt!: Date;
}
