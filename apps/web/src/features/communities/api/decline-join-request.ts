import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityJoinRequestResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import type { TakenItem } from './community-cache';
import { communityMutationKeys } from './community-keys';
import { joinRequestsInfiniteQueryOptions } from './get-join-requests';
import { putRowBack, refreshAfterManagement, takeRowOut } from './management';

/** DELETE /api/communities/{id}/requests/{userId} (204): the request is declined. */
export const declineJoinRequest = (communityId: string, userId: string): Promise<void> =>
  api.delete<void>(
    `/api/communities/${encodeURIComponent(communityId)}/requests/${encodeURIComponent(userId)}`,
  );

interface DeclineContext {
  taken: TakenItem<CommunityJoinRequestResponse> | null;
}

/**
 * Declines a request at once: it leaves the list, and comes back, with the
 * server's message, if the server refuses. Then the requests are read again.
 */
export function useDeclineJoinRequest(communityId: string) {
  const queryClient = useQueryClient();
  const requestsKey = joinRequestsInfiniteQueryOptions(communityId).queryKey;
  return useMutation({
    mutationKey: communityMutationKeys.manage(communityId),
    mutationFn: (request: CommunityJoinRequestResponse) =>
      declineJoinRequest(communityId, request.user.id),
    onMutate: async (request): Promise<DeclineContext> => {
      await refreshAfterManagement.cancel(queryClient, communityId);
      return {
        taken: takeRowOut<CommunityJoinRequestResponse>(queryClient, requestsKey, request.user.id),
      };
    },
    onError: (error, _request, context) => {
      if (context?.taken) putRowBack(queryClient, requestsKey, context.taken);
      toastFailure(MESSAGES.requestFailed, error);
    },
    onSuccess: () => toast({ title: MESSAGES.requestDeclined }),
    onSettled: () => refreshAfterManagement.invalidate(queryClient, communityId),
  });
}
