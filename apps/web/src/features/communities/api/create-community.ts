import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityCategory, CommunityDetailResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import { communityKeys } from './community-keys';
import { communityQueryOptions } from './get-community';
import { myCommunitiesInfiniteQueryOptions } from './get-my-communities';

export interface CreateCommunityInput {
  name: string;
  description: string;
  category: CommunityCategory;
  rules: string[];
  isPrivate: boolean;
}

/** POST /api/communities: the new community (201), with its creator as owner. */
export const createCommunity = (input: CreateCommunityInput): Promise<CommunityDetailResponse> =>
  api.post<CommunityDetailResponse>('/api/communities', input);

/**
 * Creates a community: its page is cached from the answer (so it opens at
 * once) and the lists are read again. A refusal (the server validates every
 * field) shows the server's message.
 */
export function useCreateCommunity({
  onSuccess,
}: { onSuccess?: (community: CommunityDetailResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunity,
    onSuccess: (community) => {
      queryClient.setQueryData(communityQueryOptions(community.id).queryKey, community);
      void queryClient.invalidateQueries({
        queryKey: myCommunitiesInfiniteQueryOptions().queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: communityKeys.discoverLists() });
      toast({ title: MESSAGES.communityCreated, description: community.name });
      onSuccess?.(community);
    },
    onError: (error) => toastFailure(MESSAGES.createFailed, error),
  });
}
