import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunitySummary } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import type { MembershipState } from './community-cache';
import {
  isMemberOf,
  leftState,
  membershipOf,
  useCommunityCache,
  withMembership,
} from './community-cache';
import { refreshAfterMembershipChange } from './membership';

/** DELETE /api/communities/{id}/leave (204): leaves, or withdraws a pending request to join. */
export const leaveCommunity = (communityId: string): Promise<void> =>
  api.delete<void>(`/api/communities/${encodeURIComponent(communityId)}/leave`);

interface LeaveContext {
  previous: MembershipState;
  /** A pending request was withdrawn (the reader was not a member). */
  withdrew: boolean;
}

/**
 * Leaves at once (one member less, the Join button back), or withdraws a
 * pending request to join (Requested becomes Join); goes back, with the
 * spec's toast, if the server refuses. Then the community and the lists are
 * read again (a private community hides its posts from a non-member).
 */
export function useLeaveCommunity() {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useMutation({
    mutationFn: (community: CommunitySummary) => leaveCommunity(community.id),
    onMutate: async (community): Promise<LeaveContext> => {
      await refreshAfterMembershipChange.cancel(queryClient, community.id);
      const current = cache.findCommunity(community.id) ?? community;
      const state = leftState(current);
      cache.updateCommunity(community.id, (cached) => withMembership(cached, state));
      return {
        previous: membershipOf(current),
        withdrew: !isMemberOf(current) && current.hasPendingRequest,
      };
    },
    onError: (error, community, left) => {
      if (left) {
        cache.updateCommunity(community.id, (cached) => withMembership(cached, left.previous));
      }
      toastFailure(MESSAGES.leaveFailed, error);
    },
    onSuccess: (_answer, community, left) => {
      toast({ title: left.withdrew ? MESSAGES.requestWithdrawnTitle : MESSAGES.leftTitle });
      refreshAfterMembershipChange.invalidate(queryClient, community.id);
    },
  });
}
