import type { QueryClient } from '@tanstack/react-query';
import { communityKeys } from './community-keys';
import { communityQueryOptions } from './get-community';
import { myCommunitiesInfiniteQueryOptions } from './get-my-communities';

/**
 * What a join or a leave reads again (spec part 2, section 4): the community,
 * and the lists (My Communities, and Discover under every filter).
 */
export const refreshAfterMembershipChange = {
  /** Reads under way would overwrite the instant change: they are dropped (and re-read after). */
  cancel: async (queryClient: QueryClient, communityId: string): Promise<void> => {
    await Promise.all([
      queryClient.cancelQueries({ queryKey: communityQueryOptions(communityId).queryKey }),
      queryClient.cancelQueries({ queryKey: communityKeys.lists() }),
    ]);
  },
  invalidate: (queryClient: QueryClient, communityId: string): void => {
    void queryClient.invalidateQueries({ queryKey: communityQueryOptions(communityId).queryKey });
    void queryClient.invalidateQueries({ queryKey: myCommunitiesInfiniteQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: communityKeys.discoverLists() });
  },
};
