import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Whether a member owns a community now, from `community.created` (its creator),
 * `community.joined` and `community.role.changed` (an owner's role) and `community.left`: a
 * community may have several owners, and each sees its page in their SEO dashboard. The latest
 * change wins (`changedAt`), whatever order events arrive in.
 */
@Entity({ name: 'community_owners' })
@Index('ix_community_owners_user', ['userId'], { where: '"is_owner"' })
export class CommunityOwnerEntity {
  @PrimaryColumn({ type: 'uuid' })
  communityId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'boolean' })
  isOwner!: boolean;

  /** When the member's role last changed, as the event (or the backfill's read) said. */
  @Column({ type: 'timestamptz' })
  changedAt!: Date;
}
