import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunitySummary, JoinCommunityResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import type { MembershipState } from './community-cache';
import { joinedState, membershipOf, useCommunityCache, withMembership } from './community-cache';
import { refreshAfterMembershipChange } from './membership';

/** POST /api/communities/{id}/join: joined (public), or a request to an owner (private). */
export const joinCommunity = (communityId: string): Promise<JoinCommunityResponse> =>
  api.post<JoinCommunityResponse>(`/api/communities/${encodeURIComponent(communityId)}/join`);

/**
 * Joins at once: a public community shows the reader as a member (one more
 * member), a private one as Requested; both go back, with the spec's toast,
 * if the server refuses. The server's answer is written everywhere, then the
 * community and the lists are read again.
 */
export function useJoinCommunity() {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useMutation({
    mutationFn: (community: CommunitySummary) => joinCommunity(community.id),
    onMutate: async (community): Promise<MembershipState> => {
      await refreshAfterMembershipChange.cancel(queryClient, community.id);
      const current = cache.findCommunity(community.id) ?? community;
      const state = joinedState(current);
      cache.updateCommunity(community.id, (cached) => withMembership(cached, state));
      return membershipOf(current);
    },
    onError: (error, community, previous) => {
      if (previous)
        cache.updateCommunity(community.id, (cached) => withMembership(cached, previous));
      toastFailure(MESSAGES.joinFailed, error);
    },
    onSuccess: ({ status, community: answer }, community) => {
      const state = membershipOf(answer);
      cache.updateCommunity(community.id, (cached) => withMembership(cached, state));
      if (status === 'requested') {
        toast({ title: MESSAGES.requestSentTitle, description: MESSAGES.requestSentDescription });
      } else {
        toast({
          title: MESSAGES.joinedTitle,
          description: MESSAGES.joinedDescription(answer.name || community.name),
        });
      }
      refreshAfterMembershipChange.invalidate(queryClient, community.id);
    },
  });
}
