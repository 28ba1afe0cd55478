import type { CommunityDetailResponse, CommunityMemberResponse } from '@wave/contracts';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
import { PersonList } from './person-list';
import { neighbourAction, PersonAction, PersonRow } from './person-row';
import { RoleBadge } from './role-badge';

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

  return (
    <PersonList
      query={query}
      listRef={list}
      label="Members"
      loadingLabel="Loading members"
      loadFailed={MESSAGES.membersLoadFailed}
      empty={MESSAGES.noMembers}
      loadMoreFailed="Failed to load more members."
      renderRow={(member) => (
        <PersonRow key={member.user.id} user={member.user} isReader={member.user.id === readerId}>
          {canChangeRole(readerRole, readerId, member) ? (
            <RoleSelect member={member} onChange={(role) => changeRole.mutate({ member, role })} />
          ) : (
            <RoleBadge role={member.role} />
          )}
          {canRemoveMember(readerRole, readerId, member) ? (
            <PersonAction
              action="remove"
              name={nameOf(member.user)}
              variant="outline"
              className="text-destructive"
              onClick={(event) => {
                returnTo.current = event.currentTarget;
                setTarget(member);
                setConfirming(true);
              }}
            >
              Remove
            </PersonAction>
          ) : null}
        </PersonRow>
      )}
    >
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
    </PersonList>
  );
}
