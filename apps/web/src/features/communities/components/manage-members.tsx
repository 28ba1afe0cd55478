import type { CommunityDetailResponse, CommunityMemberResponse } from '@wave/contracts';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { pagedItems } from '../../../lib/paged-data';
import { useChangeMemberRole } from '../api/change-member-role';
import { useCommunityMembers } from '../api/get-community-members';
import { useRemoveCommunityMember } from '../api/remove-community-member';
import { nameOf, roleLabel } from '../community-format';
import type { ManagerRole } from '../community-permissions';
import {
  canChangeRole,
  canRemoveMember,
  COMMUNITY_ROLES,
  isCommunityRole,
} from '../community-permissions';
import { MESSAGES } from '../messages';
import { PersonRowSkeletons } from './community-skeletons';
import { ListMessage } from './list-message';
import { LoadMoreFooter } from './load-more-footer';
import { neighbourAction, PersonRow } from './person-row';
import { RoleBadge } from './role-badge';

/** Once each: a member can come again on a later page after the list moved. */
function uniqueMembers(members: CommunityMemberResponse[]): CommunityMemberResponse[] {
  const seen = new Set<string>();
  return members.filter((member) => {
    if (seen.has(member.user.id)) return false;
    seen.add(member.user.id);
    return true;
  });
}

/** An owner's choice of a member's role (Owner, Moderator, Member): the change shows at once. */
function RoleSelect({
  member,
  onChange,
}: {
  member: CommunityMemberResponse;
  onChange: (role: CommunityMemberResponse['role']) => void;
}) {
  return (
    <select
      aria-label={`Role for ${nameOf(member.user)}`}
      value={member.role}
      onChange={(event) => {
        const role = event.target.value;
        if (isCommunityRole(role) && role !== member.role) onChange(role);
      }}
      className="h-8 rounded-full border border-border bg-background px-3 text-sm font-semibold"
    >
      {COMMUNITY_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}

/**
 * The members, earliest first: each with their role, a role select for owners
 * (not on their own row) and Remove where the reader may (owners: anyone but
 * themselves; moderators: plain members), after a confirmation. A removed
 * member leaves the list at once and comes back if the server refuses.
 */
export function ManageMembers({
  community,
  readerRole,
  readerId,
}: {
  community: Pick<CommunityDetailResponse, 'id' | 'name'>;
  readerRole: ManagerRole;
  readerId: string | null;
}) {
  const query = useCommunityMembers(community.id);
  const changeRole = useChangeMemberRole(community.id);
  const remove = useRemoveCommunityMember(community.id);
  const list = useRef<HTMLUListElement>(null);
  /** Where focus goes when the confirmation closes: the Remove that opened it, or a neighbour's. */
  const returnTo = useRef<HTMLElement | null>(null);
  const [target, setTarget] = useState<CommunityMemberResponse | null>(null);
  const [confirming, setConfirming] = useState(false);
  const members = useMemo(() => uniqueMembers(pagedItems(query.data)), [query.data]);

  if (query.isPending) return <PersonRowSkeletons label="Loading members" />;
  if (query.isError && !query.data) {
    return (
      <ListMessage
        alert
        title={MESSAGES.membersLoadFailed}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (members.length === 0) return <ListMessage title={MESSAGES.noMembers} />;

  return (
    <>
      <ul ref={list} aria-label="Members" aria-busy={query.isFetchingNextPage} tabIndex={-1}>
        {members.map((member) => {
          const isReader = member.user.id === readerId;
          return (
            <PersonRow key={member.user.id} user={member.user} isReader={isReader}>
              {canChangeRole(readerRole, readerId, member) ? (
                <RoleSelect
                  member={member}
                  onChange={(role) => changeRole.mutate({ member, role })}
                />
              ) : (
                <RoleBadge role={member.role} />
              )}
              {canRemoveMember(readerRole, readerId, member) ? (
                <Button
                  size="sm"
                  variant="outline"
                  data-action="remove"
                  className="text-destructive"
                  onClick={(event) => {
                    returnTo.current = event.currentTarget;
                    setTarget(member);
                    setConfirming(true);
                  }}
                >
                  Remove<span className="sr-only"> {nameOf(member.user)}</span>
                </Button>
              ) : null}
            </PersonRow>
          );
        })}
      </ul>
      <LoadMoreFooter
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
        pageCount={query.data?.pages.length ?? 0}
        failedText="Failed to load more members."
      />
      {target ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={MESSAGES.removeMemberTitle(nameOf(target.user))}
          description={MESSAGES.removeMemberDescription(community.name)}
          confirmLabel="Remove"
          destructive
          onConfirm={() => {
            // The row leaves at once: focus goes to the next Remove, else to the list.
            returnTo.current = neighbourAction(list.current, target.user.id, 'remove');
            setConfirming(false);
            remove.mutate(target);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const element = returnTo.current?.isConnected ? returnTo.current : list.current;
            element?.focus();
          }}
        />
      ) : null}
    </>
  );
}
