import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A membership, from `community.joined` and `community.left`; the newest event wins. */
@Entity({ name: 'community_members' })
@Index('ix_community_members_user_active', ['userId', 'changedAt'], { where: 'active' })
@Index('ix_community_members_community_active', ['communityId', 'changedAt'], { where: 'active' })
export class CommunityMemberEntity {
  @PrimaryColumn({ type: 'uuid' })
  communityId!: string;

  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ type: 'timestamptz' })
  changedAt!: Date;
}
