import type {
  CommunityDetailResponse,
  CommunityMemberResponse,
  CommunityRole,
} from '@wave/contracts';

/** The roles that manage a community. */
export type ManagerRole = Extract<CommunityRole, 'owner' | 'moderator'>;

/** The reader's role when they may manage the community (an owner or moderator), else null. */
export const managerRoleOf = (
  community: Pick<CommunityDetailResponse, 'memberInfo'>,
): ManagerRole | null => {
  const role = community.memberInfo?.role;
  return role === 'owner' || role === 'moderator' ? role : null;
};

type MemberRow = Pick<CommunityMemberResponse, 'user' | 'role'>;

/** Owners change the role of every member but themselves (they leave, or another owner demotes them). */
export const canChangeRole = (
  readerRole: ManagerRole,
  readerId: string | null,
  member: MemberRow,
): boolean => readerRole === 'owner' && member.user.id !== readerId;

/** Owners remove anyone but themselves; moderators plain members only (as the server allows). */
export const canRemoveMember = (
  readerRole: ManagerRole,
  readerId: string | null,
  member: MemberRow,
): boolean => member.user.id !== readerId && (readerRole === 'owner' || member.role === 'member');

/** The settings (name, description, category, rules, privacy) are the owners'. */
export const canEditSettings = (readerRole: ManagerRole): boolean => readerRole === 'owner';

/** The roles an owner gives, in the order the role select shows them. */
export const COMMUNITY_ROLES = [
  'owner',
  'moderator',
  'member',
] as const satisfies readonly CommunityRole[];

export const isCommunityRole = (value: string): value is CommunityRole =>
  (COMMUNITY_ROLES as readonly string[]).includes(value);
