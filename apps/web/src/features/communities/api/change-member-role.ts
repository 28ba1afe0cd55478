import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityMemberResponse, CommunityRole } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import type { PagedData } from '../../../lib/paged-data';
import { nameOf, roleWithArticle } from '../community-format';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import { findUserRowInData, updateUserRowInData } from './community-cache';
import { communityMutationKeys } from './community-keys';
import { communityMembersInfiniteQueryOptions } from './get-community-members';
import { refreshAfterManagement } from './management';

export interface ChangeMemberRoleInput {
  member: CommunityMemberResponse;
  role: CommunityRole;
}

/**
 * PUT /api/communities/{id}/members/{userId}/role {role}: the member with the
 * new role. Owners only; 409 when it would leave the community without an owner.
 */
export const changeMemberRole = (
  communityId: string,
  userId: string,
  role: CommunityRole,
): Promise<CommunityMemberResponse> =>
  api.put<CommunityMemberResponse>(
    `/api/communities/${encodeURIComponent(communityId)}/members/${encodeURIComponent(userId)}/role`,
    { role },
  );

interface RoleContext {
  previous: CommunityRole;
}

/**
 * Changes a member's role at once in the list; it goes back, with the
 * server's message, if the server refuses (unless the role was changed again
 * meanwhile). Then the members are read again.
 */
export function useChangeMemberRole(communityId: string) {
  const queryClient = useQueryClient();
  const membersKey = communityMembersInfiniteQueryOptions(communityId).queryKey;
  const setRole = (userId: string, from: CommunityRole | null, role: CommunityRole) =>
    queryClient.setQueryData<PagedData<CommunityMemberResponse>>(membersKey, (data) =>
      updateUserRowInData(data, userId, (member) =>
        from === null || member.role === from ? { ...member, role } : member,
      ),
    );
  return useMutation({
    mutationKey: communityMutationKeys.manage(communityId),
    mutationFn: ({ member, role }: ChangeMemberRoleInput) =>
      changeMemberRole(communityId, member.user.id, role),
    onMutate: async ({ member, role }): Promise<RoleContext> => {
      await refreshAfterManagement.cancel(queryClient, communityId);
      const cached = findUserRowInData(
        queryClient.getQueryData<PagedData<CommunityMemberResponse>>(membersKey),
        member.user.id,
      );
      const previous = cached?.role ?? member.role;
      setRole(member.user.id, null, role);
      return { previous };
    },
    onError: (error, { member, role }, context) => {
      // Back to the role it had, unless another change has replaced this one.
      if (context) setRole(member.user.id, role, context.previous);
      toastFailure(MESSAGES.roleFailed, error);
    },
    onSuccess: (answer, { member, role }) => {
      queryClient.setQueryData<PagedData<CommunityMemberResponse>>(membersKey, (data) =>
        updateUserRowInData(data, member.user.id, (cached) =>
          cached.role === role ? answer : cached,
        ),
      );
      toast({
        title: MESSAGES.roleUpdated,
        description: MESSAGES.roleUpdatedDescription(
          nameOf(answer.user),
          roleWithArticle(answer.role),
        ),
      });
    },
    onSettled: () => refreshAfterManagement.invalidate(queryClient, communityId),
  });
}
