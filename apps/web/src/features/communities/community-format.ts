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
