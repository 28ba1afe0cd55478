import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CommunityRole } from '@wave/contracts';
import { CommunityEntity } from './community.entity';

/** A member of a community, with their role. */
@Entity({ name: 'memberships' })
@Check('ck_memberships_role', "role IN ('owner', 'moderator', 'member')")
@Index('ix_memberships_user', ['userId', 'joinedAt', 'communityId'])
@Index('ix_memberships_community', ['communityId', 'joinedAt', 'userId'])
export class MembershipEntity {
  @PrimaryColumn({ type: 'uuid' })
  communityId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @ManyToOne(() => CommunityEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'community_id', foreignKeyConstraintName: 'fk_memberships_community' })
  community?: CommunityEntity;

  @Column({ type: 'varchar', length: 16 })
  role!: CommunityRole;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  joinedAt!: Date;
}

/** Someone asked to join a private community; an owner or moderator approves or declines. */
@Entity({ name: 'join_requests' })
@Index('ix_join_requests_community', ['communityId', 'createdAt', 'userId'])
export class JoinRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  communityId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @ManyToOne(() => CommunityEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'community_id', foreignKeyConstraintName: 'fk_join_requests_community' })
  community?: CommunityEntity;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
