import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityMemberResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { nameOf } from '../community-format';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import type { TakenItem } from './community-cache';
import { useCommunityCache, withMemberCountDelta } from './community-cache';
import { communityMutationKeys } from './community-keys';
import { communityMembersInfiniteQueryOptions } from './get-community-members';
import { putRowBack, refreshAfterManagement, takeRowOut } from './management';

/**
 * DELETE /api/communities/{id}/members/{userId} (204): owners remove anyone
 * but themselves, moderators plain members (403 otherwise; 400 for oneself).
 */
export const removeCommunityMember = (communityId: string, userId: string): Promise<void> =>
  api.delete<void>(
    `/api/communities/${encodeURIComponent(communityId)}/members/${encodeURIComponent(userId)}`,
  );

interface RemoveContext {
  taken: TakenItem<CommunityMemberResponse> | null;
}

/**
 * Removes a member at once: their row leaves the list and the community has
 * one member less; both come back, with the server's message, if it refuses.
 * Then the community, the lists and its members are read again.
 */
export function useRemoveCommunityMember(communityId: string) {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  const membersKey = communityMembersInfiniteQueryOptions(communityId).queryKey;
  return useMutation({
    mutationKey: communityMutationKeys.manage(communityId),
    mutationFn: (member: CommunityMemberResponse) =>
      removeCommunityMember(communityId, member.user.id),
    onMutate: async (member): Promise<RemoveContext> => {
      await refreshAfterManagement.cancel(queryClient, communityId);
      const taken = takeRowOut<CommunityMemberResponse>(queryClient, membersKey, member.user.id);
      cache.updateCommunity(communityId, (community) => withMemberCountDelta(community, -1));
      return { taken };
    },
    onError: (error, _member, context) => {
      if (context) {
        if (context.taken) putRowBack(queryClient, membersKey, context.taken);
        cache.updateCommunity(communityId, (community) => withMemberCountDelta(community, 1));
      }
      toastFailure(MESSAGES.removeMemberFailed, error);
    },
    onSuccess: (_answer, member) => {
      toast({
        title: MESSAGES.memberRemoved,
        description: MESSAGES.memberRemovedDescription(nameOf(member.user)),
      });
    },
    onSettled: () => refreshAfterManagement.invalidate(queryClient, communityId),
  });
}
