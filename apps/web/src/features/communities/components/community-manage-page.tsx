import * as Tabs from '@radix-ui/react-tabs';
import type { CommunityDetailResponse } from '@wave/contracts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/api/current-user';
import { ThemeToggle } from '../../theme/theme-toggle';
import { isCommunityNotFound, useCommunity } from '../api/get-community';
import { roleWithArticle } from '../community-format';
import type { ManagerRole } from '../community-permissions';
import { canEditSettings, managerRoleOf } from '../community-permissions';
import { MESSAGES } from '../messages';
import { CommunitySettingsForm } from './community-settings-form';
import { PersonRowSkeletons } from '../../../components/person-row-skeletons';
import { ManageMembers } from './manage-members';
import { ManageRequests } from './manage-requests';
import { NotFoundMessage, PageLinkMessage, PageLoadFailed } from './page-message';
import { PrivacyIcon } from './privacy-icon';

const TABS = [
  { value: 'members', label: 'Members' },
  { value: 'requests', label: 'Requests' },
  { value: 'settings', label: 'Settings' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Requests are a private community's; settings are the owners'. */
function tabsFor(community: CommunityDetailResponse, role: ManagerRole) {
  return TABS.filter((tab) => {
    switch (tab.value) {
      case 'members':
        return true;
      case 'requests':
        return community.isPrivate;
      case 'settings':
        return canEditSettings(role);
    }
  });
}

/**
 * The page's bar: back to the community (when there is one to go back to
 * and the page does not offer it already), the title, and the theme toggle.
 */
function PageHeader({
  communityId,
  backName,
  title,
  heading = false,
}: {
  communityId?: string;
  /** The community's name for the back link; null while it loads. */
  backName?: string | null;
  title: string;
  /** The title is the page's heading (otherwise the page's message has one). */
  heading?: boolean;
}) {
  return (
    <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-border bg-background/85 px-2 py-2 backdrop-blur">
      {communityId && backName !== undefined ? (
        <Link
          to={paths.community.getHref(communityId)}
          aria-label={MESSAGES.backToCommunity(backName)}
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
      ) : null}
      <div className="min-w-0 flex-1 px-2">
        {heading ? (
          <h1 className="truncate text-lg font-bold leading-tight">{title}</h1>
        ) : (
          <p className="truncate text-lg font-bold leading-tight">{title}</p>
        )}
      </div>
      {/* The spec's toggle at the top right; from md the shell's sidebar has one already. */}
      <div className="shrink-0 md:hidden">
        <ThemeToggle />
      </div>
    </header>
  );
}

function ManageTabs({
  community,
  role,
  readerId,
}: {
  community: CommunityDetailResponse;
  role: ManagerRole;
  readerId: string | null;
}) {
  const [tab, setTab] = useState<Tab>('members');
  const tabs = tabsFor(community, role);
  // A tab that went away (the community became public) gives way to Members.
  const current = tabs.some((item) => item.value === tab) ? tab : 'members';
  return (
    <Tabs.Root
      value={current}
      onValueChange={(value) => {
        const next = tabs.find((item) => item.value === value);
        if (next) setTab(next.value);
      }}
    >
      <Tabs.List aria-label={MESSAGES.manageCommunity} className="flex border-b border-border">
        {tabs.map((item) => (
          <Tabs.Trigger
            key={item.value}
            value={item.value}
            className="flex-1 border-b-2 border-transparent px-2 py-3 text-sm font-semibold text-muted-foreground hover:bg-muted/50 data-[state=active]:border-primary data-[state=active]:text-foreground"
          >
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="members">
        <ManageMembers community={community} readerRole={role} readerId={readerId} />
      </Tabs.Content>
      {community.isPrivate ? (
        <Tabs.Content value="requests">
          <ManageRequests communityId={community.id} />
        </Tabs.Content>
      ) : null}
      {canEditSettings(role) ? (
        <Tabs.Content value="settings">
          <CommunitySettingsForm community={community} />
        </Tabs.Content>
      ) : null}
    </Tabs.Root>
  );
}

/**
 * A community's management screen (/community/:communityId/manage), for its
 * owners and moderators: Members (roles for owners, Remove), Requests (a
 * private community's) and Settings (owners). Anyone else is told they cannot
 * manage it, with the way back.
 */
export default function CommunityManagePage() {
  const { communityId } = useParams();
  const query = useCommunity(communityId);
  const { user } = useAuth();

  if (query.isError && !query.data) {
    const notFound = isCommunityNotFound(query.error);
    return (
      <div>
        <title>{`${notFound ? MESSAGES.notFound : MESSAGES.manageCommunity} · Wave`}</title>
        {notFound ? (
          <>
            <PageHeader title={MESSAGES.manageCommunity} />
            <NotFoundMessage />
          </>
        ) : (
          <>
            <PageHeader
              communityId={communityId}
              backName={null}
              title={MESSAGES.manageCommunity}
            />
            <PageLoadFailed description={MESSAGES.loadFailed} onRetry={query.refetch} />
          </>
        )}
      </div>
    );
  }

  if (!query.data) {
    return (
      <div>
        <PageHeader communityId={communityId} backName={null} title={MESSAGES.manageCommunity} />
        <PersonRowSkeletons label="Loading community" />
      </div>
    );
  }

  const community = query.data;
  const role = managerRoleOf(community);
  if (!role) {
    return (
      <div>
        <title>{`${community.name} · Wave`}</title>
        <PageHeader title={community.name} />
        <PageLinkMessage
          title={MESSAGES.cannotManage}
          description={MESSAGES.cannotManageDescription}
          to={paths.community.getHref(community.id)}
          linkText={MESSAGES.backToCommunity(community.name)}
        />
      </div>
    );
  }

  return (
    <div>
      <title>{`${MESSAGES.manageTitle(community.name)} · Wave`}</title>
      <PageHeader
        communityId={community.id}
        backName={community.name}
        title={MESSAGES.manageTitle(community.name)}
        heading
      />
      <p className="flex items-center gap-1.5 border-b border-border px-4 py-2 text-xs text-muted-foreground">
        <PrivacyIcon isPrivate={community.isPrivate} className="h-3.5 w-3.5" />
        <span>
          {community.isPrivate ? 'Private' : 'Public'} community · You are {roleWithArticle(role)}
        </span>
      </p>
      <ManageTabs community={community} role={role} readerId={user?.id ?? null} />
    </div>
  );
}
