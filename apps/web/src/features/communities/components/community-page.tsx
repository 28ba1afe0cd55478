import type { CommunityDetailResponse } from '@wave/contracts';
import { ArrowLeft, Settings } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { ThemeToggle } from '../../theme/theme-toggle';
import { isMemberOf } from '../api/community-cache';
import { isCommunityNotFound, useCommunity } from '../api/get-community';
import { memberCountLabel } from '../community-format';
import { managerRoleOf } from '../community-permissions';
import { MESSAGES } from '../messages';
import { CommunityFeed } from './community-feed';
import { CommunityIcon } from './community-icon';
import { CommunityPostComposer } from './community-post-composer';
import { CommunityRules } from './community-rules';
import { CommunityPageSkeleton } from './community-skeletons';
import { MembershipButton } from './membership-button';
import { NotFoundMessage, PageLoadFailed } from './page-message';
import { PrivacyIcon } from './privacy-icon';
import { RoleBadge } from './role-badge';

/**
 * The page's bar, stuck to the top: back to /communities, the community's
 * name, its private or public mark, category and member count, and the theme
 * toggle at the top right.
 */
function PageHeader({ community }: { community?: CommunityDetailResponse }) {
  return (
    <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-border bg-background/85 px-2 py-2 backdrop-blur">
      <Link
        to={paths.communities.getHref()}
        aria-label="Back to communities"
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      >
        <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      </Link>
      <div className="min-w-0 flex-1">
        {community ? (
          <>
            <h1 className="flex min-w-0 items-center gap-1.5 text-lg font-bold leading-tight">
              <span className="truncate">{community.name}</span>
              <PrivacyIcon isPrivate={community.isPrivate} />
            </h1>
            <p className="truncate text-xs text-muted-foreground">
              {community.category} · {memberCountLabel(community.memberCount)}
            </p>
          </>
        ) : (
          <p className="text-lg font-bold">Community</p>
        )}
      </div>
      {/* The spec's toggle at the top right; from md the shell's sidebar has one already. */}
      <div className="shrink-0 md:hidden">
        <ThemeToggle />
      </div>
    </header>
  );
}

function CommunityCard({ community }: { community: CommunityDetailResponse }) {
  return (
    <section aria-label="About this community" className="grid gap-3 border-b border-border p-4">
      <div className="flex items-start gap-4">
        <CommunityIcon community={community} size={64} className="rounded-2xl" />
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-xl font-extrabold">{community.name}</h2>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span>{community.isPrivate ? 'Private' : 'Public'} community</span>
            {community.memberInfo ? <RoleBadge role={community.memberInfo.role} /> : null}
          </p>
        </div>
        <MembershipButton community={community} size="md" />
      </div>
      {community.description ? (
        <p className="whitespace-pre-wrap break-words">{community.description}</p>
      ) : null}
      {managerRoleOf(community) ? (
        <Link
          to={paths.communityManage.getHref(community.id)}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'justify-self-start')}
        >
          <Settings className="h-4 w-4" aria-hidden="true" />
          {MESSAGES.manageCommunity}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * A community's page (/community/:communityId): its card with Join, Leave or
 * Requested, its rules, the members' composer, and its posts.
 */
export default function CommunityPage() {
  const { communityId } = useParams();
  const query = useCommunity(communityId);

  if (query.isError && !query.data) {
    const notFound = isCommunityNotFound(query.error);
    return (
      <div>
        <title>{`${notFound ? MESSAGES.notFound : 'Community'} · Wave`}</title>
        <PageHeader />
        {notFound ? (
          <NotFoundMessage />
        ) : (
          <PageLoadFailed description={MESSAGES.loadFailed} onRetry={query.refetch} />
        )}
      </div>
    );
  }

  if (!query.data) {
    return (
      <div>
        <PageHeader />
        <CommunityPageSkeleton />
      </div>
    );
  }

  const community = query.data;
  return (
    <div>
      <title>{`${community.name} · Wave`}</title>
      <PageHeader community={community} />
      <CommunityCard community={community} />
      <CommunityRules rules={community.rules} />
      {isMemberOf(community) ? <CommunityPostComposer community={community} /> : null}
      <h2 className="sr-only">Posts</h2>
      <CommunityFeed community={community} />
    </div>
  );
}
