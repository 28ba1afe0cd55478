import type { CommunitySummary } from '@wave/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { memberCountLabel } from '../community-format';
import { CommunityIcon } from './community-icon';
import { MembershipButton } from './membership-button';
import { PrivacyIcon } from './privacy-icon';
import { RoleBadge } from './role-badge';

/**
 * A community in a list: icon (or initials), name (a link to its page), the
 * private or public mark, category, member count, the reader's role, its
 * description, and Join, Leave or Requested.
 */
export function CommunityCard({ community, rank }: { community: CommunitySummary; rank?: number }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex gap-3 border-b border-border px-4 py-4 transition-colors hover:bg-muted/30"
    >
      {rank !== undefined ? (
        <span className="w-5 shrink-0 pt-3 text-center text-sm font-bold text-muted-foreground">
          {rank}
        </span>
      ) : null}
      <CommunityIcon community={community} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 className="flex min-w-0 items-center gap-1.5 font-bold">
              <Link
                id={nameId}
                to={paths.community.getHref(community.id)}
                className="truncate hover:underline"
              >
                {community.name}
              </Link>
              <PrivacyIcon isPrivate={community.isPrivate} />
            </h3>
            <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
              <span>{community.category}</span>
              <span aria-hidden="true">·</span>
              <span>{memberCountLabel(community.memberCount)}</span>
            </p>
          </div>
          <MembershipButton community={community} nameInLabel />
        </div>
        {community.isMember && community.role ? (
          <p className="mt-1">
            <RoleBadge role={community.role} />
          </p>
        ) : null}
        {community.description ? (
          <p className="mt-1.5 line-clamp-2 break-words text-sm">{community.description}</p>
        ) : null}
      </div>
    </article>
  );
}
