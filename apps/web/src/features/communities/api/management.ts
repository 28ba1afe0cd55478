import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PagedData } from '../../../lib/paged-data';
import type { TakenItem } from './community-cache';
import { isUserRow, putBackInPagedData, takeFromPagedData } from './community-cache';
import { communityMutationKeys } from './community-keys';
import { joinRequestsInfiniteQueryOptions } from './get-join-requests';
import { communityMembersInfiniteQueryOptions } from './get-community-members';
import { refreshAfterMembershipChange } from './membership';

type UserRow = { user: { id: string } };

/**
 * Takes a user's row out of a cached list at once (a member removed, a request
 * answered; reads under way are cancelled first: `refreshAfterManagement.cancel`).
 * Answers the row and where it was, for `putRowBack`.
 */
export function takeRowOut<T extends UserRow>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  userId: string,
): TakenItem<T> | null {
  const { data, taken } = takeFromPagedData(
    queryClient.getQueryData<PagedData<T>>(queryKey),
    isUserRow(userId),
  );
  if (taken) queryClient.setQueryData<PagedData<T>>(queryKey, data);
  return taken;
}

/** Puts a row taken out by `takeRowOut` back where it was (a refused change). */
export function putRowBack<T extends UserRow>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  taken: TakenItem<T>,
): void {
  queryClient.setQueryData<PagedData<T>>(queryKey, (data) =>
    putBackInPagedData(data, taken, isUserRow(taken.item.user.id)),
  );
}

/**
 * What a change to a community's members or requests reads again: the
 * community (its member count) and the lists (My Communities, Discover), its
 * members and its requests. Only once the last change under way is settled.
 */
export const refreshAfterManagement = {
  cancel: async (queryClient: QueryClient, communityId: string): Promise<void> => {
    await Promise.all([
      refreshAfterMembershipChange.cancel(queryClient, communityId),
      queryClient.cancelQueries({
        queryKey: communityMembersInfiniteQueryOptions(communityId).queryKey,
      }),
      queryClient.cancelQueries({
        queryKey: joinRequestsInfiniteQueryOptions(communityId).queryKey,
      }),
    ]);
  },
  /** Called from a change's onSettled, while that change still counts as under way. */
  invalidate: (queryClient: QueryClient, communityId: string): void => {
    if (queryClient.isMutating({ mutationKey: communityMutationKeys.manage(communityId) }) > 1) {
      return;
    }
    refreshAfterMembershipChange.invalidate(queryClient, communityId);
    void queryClient.invalidateQueries({
      queryKey: communityMembersInfiniteQueryOptions(communityId).queryKey,
    });
    void queryClient.invalidateQueries({
      queryKey: joinRequestsInfiniteQueryOptions(communityId).queryKey,
    });
  },
};
