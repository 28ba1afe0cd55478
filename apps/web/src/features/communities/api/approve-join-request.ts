import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityJoinRequestResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { nameOf } from '../community-format';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import type { TakenItem } from './community-cache';
import { useCommunityCache, withMemberCountDelta } from './community-cache';
import { communityMutationKeys } from './community-keys';
import { joinRequestsInfiniteQueryOptions } from './get-join-requests';
import { putRowBack, refreshAfterManagement, takeRowOut } from './management';

/** POST /api/communities/{id}/requests/{userId}/approve (204): the requester becomes a member. */
export const approveJoinRequest = (communityId: string, userId: string): Promise<void> =>
  api.post<void>(
    `/api/communities/${encodeURIComponent(communityId)}/requests/${encodeURIComponent(userId)}/approve`,
  );

interface ApproveContext {
  taken: TakenItem<CommunityJoinRequestResponse> | null;
}

/**
 * Approves a request at once: it leaves the list and the community has one
 * member more; both go back, with the server's message, if it refuses. Then
 * the community, the lists, its members and its requests are read again.
 */
export function useApproveJoinRequest(communityId: string) {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  const requestsKey = joinRequestsInfiniteQueryOptions(communityId).queryKey;
  return useMutation({
    mutationKey: communityMutationKeys.manage(communityId),
    mutationFn: (request: CommunityJoinRequestResponse) =>
      approveJoinRequest(communityId, request.user.id),
    onMutate: async (request): Promise<ApproveContext> => {
      await refreshAfterManagement.cancel(queryClient, communityId);
      const taken = takeRowOut<CommunityJoinRequestResponse>(
        queryClient,
        requestsKey,
        request.user.id,
      );
      cache.updateCommunity(communityId, (community) => withMemberCountDelta(community, 1));
      return { taken };
    },
    onError: (error, _request, context) => {
      if (context) {
        if (context.taken) putRowBack(queryClient, requestsKey, context.taken);
        cache.updateCommunity(communityId, (community) => withMemberCountDelta(community, -1));
      }
      toastFailure(MESSAGES.requestFailed, error);
    },
    onSuccess: (_answer, request) => {
      toast({
        title: MESSAGES.requestApproved,
        description: MESSAGES.requestApprovedDescription(nameOf(request.user)),
      });
    },
    onSettled: () => refreshAfterManagement.invalidate(queryClient, communityId),
  });
}
