import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityCategory, CommunityDetailResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import { communityMutationKeys } from './community-keys';
import { communityQueryOptions } from './get-community';
import { refreshAfterManagement } from './management';

/** What an owner changes: only the fields given (at least one, or the server says so). */
export interface UpdateCommunityInput {
  name?: string;
  description?: string;
  category?: CommunityCategory;
  rules?: string[];
  isPrivate?: boolean;
}

/**
 * PUT /api/communities/{id}: the community as it now is. Owners only; 409
 * when another community has the name; making it public drops its pending requests.
 */
export const updateCommunity = (
  communityId: string,
  changes: UpdateCommunityInput,
): Promise<CommunityDetailResponse> =>
  api.put<CommunityDetailResponse>(`/api/communities/${encodeURIComponent(communityId)}`, changes);

/**
 * Saves a community's settings: its page is cached from the answer, then the
 * community, the lists and its requests are read again. A refusal shows the
 * server's message.
 */
export function useUpdateCommunity(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: communityMutationKeys.manage(communityId),
    mutationFn: (changes: UpdateCommunityInput) => updateCommunity(communityId, changes),
    onSuccess: (community) => {
      queryClient.setQueryData(communityQueryOptions(communityId).queryKey, community);
      toast({ title: MESSAGES.communityUpdated, description: community.name });
    },
    onError: (error) => toastFailure(MESSAGES.updateFailed, error),
    onSettled: () => refreshAfterManagement.invalidate(queryClient, communityId),
  });
}
