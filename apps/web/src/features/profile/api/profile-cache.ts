import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserResponse } from '@wave/contracts';
import { userKeys } from '../../auth/api/current-user';

/**
 * Query keys of profiles: a root plus one entry per identifier (an id or a
 * username). A default read joins the segments, so the key is also the path
 * (`['/api/users', 'ada']` → `/api/users/ada`).
 */
export const profileKeys = {
  all: ['/api/users'] as const,
  detail: (idOrUsername: string) => ['/api/users', idOrUsername] as const,
};

/** True for a profile's own key (not for lists under it, like a user's posts). */
export const isProfileDetailKey = (queryKey: QueryKey): boolean =>
  queryKey.length === 2 && queryKey[0] === profileKeys.all[0] && typeof queryKey[1] === 'string';

/** Every cached profile, by id or by username. */
export const profileDetailFilters = {
  queryKey: profileKeys.all,
  predicate: (query: { queryKey: QueryKey }) => isProfileDetailKey(query.queryKey),
};

/** The user as cached under any of their profile keys, if any. */
export function findCachedUser(queryClient: QueryClient, userId: string): UserResponse | undefined {
  return queryClient
    .getQueriesData<UserResponse>(profileDetailFilters)
    .map(([, data]) => data)
    .find((data) => data?.id === userId);
}

/** Changes the user wherever a profile query holds them (by id and by username). */
export function updateCachedProfiles(
  queryClient: QueryClient,
  userId: string,
  update: (user: UserResponse) => UserResponse,
): void {
  queryClient.setQueriesData<UserResponse>(profileDetailFilters, (old) =>
    old && old.id === userId ? update(old) : old,
  );
}

/** Changes the signed-in user's cached record, when it is this user. */
export function updateCachedCurrentUser(
  queryClient: QueryClient,
  userId: string,
  update: (user: UserResponse) => UserResponse,
): void {
  queryClient.setQueryData<UserResponse | null>(userKeys.current, (old) =>
    old && old.id === userId ? update(old) : old,
  );
}

/**
 * After the owner changed their profile: the answer replaces the cached
 * current user and every cached profile of theirs (keeping what the answer
 * leaves out, like the reader's `isFollowing`).
 */
export function storeUpdatedUser(queryClient: QueryClient, user: UserResponse): void {
  updateCachedCurrentUser(queryClient, user.id, (old) => ({ ...old, ...user }));
  updateCachedProfiles(queryClient, user.id, (old) => ({ ...old, ...user }));
  queryClient.setQueryData<UserResponse>(profileKeys.detail(user.id), (old) =>
    old ? { ...old, ...user } : user,
  );
}
