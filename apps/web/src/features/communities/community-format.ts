import type { CommunityRole } from '@wave/contracts';
import { formatCount } from '../../lib/format-count';

/** '1 member', '1.2K members' (spec part 2, section 9: K and M with one decimal). */
export const memberCountLabel = (count: number): string =>
  `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;

const ROLE_LABELS: Record<CommunityRole, string> = {
  owner: 'Owner',
  moderator: 'Moderator',
  member: 'Member',
};

export const roleLabel = (role: CommunityRole): string => ROLE_LABELS[role];

const ROLES_WITH_ARTICLE: Record<CommunityRole, string> = {
  owner: 'an owner',
  moderator: 'a moderator',
  member: 'a member',
};

/** 'an owner', 'a moderator', 'a member': what a member is now ('Grace is now a moderator.'). */
export const roleWithArticle = (role: CommunityRole): string => ROLES_WITH_ARTICLE[role];

/** A member's or requester's name: the display name, else the username. */
export const nameOf = (user: { displayName: string; username: string }): string =>
  user.displayName || user.username;
