import type { QueryClient } from '@tanstack/react-query';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowStatusResponse, UserResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOf } from '../../../lib/api-client';
import { userKeys } from '../../auth/api/current-user';
import {
  findCachedUser,
  profileDetailFilters,
  updateCachedCurrentUser,
  updateCachedProfiles,
} from './profile-cache';

/** POST /api/users/{id}/follow (idempotent). */
export const followUser = (userId: string): Promise<FollowStatusResponse> =>
  api.post<FollowStatusResponse>(`/api/users/${encodeURIComponent(userId)}/follow`);

/** DELETE /api/users/{id}/follow (idempotent). */
export const unfollowUser = (userId: string): Promise<FollowStatusResponse> =>
  api.delete<FollowStatusResponse>(`/api/users/${encodeURIComponent(userId)}/follow`);

export const followKeys = {
  all: ['follow'] as const,
  /** The follow and unfollow mutations of one user (and the root of their state). */
  user: (userId: string) => ['follow', userId] as const,
  /**
   * Whether the reader follows one user: a query never fetched, shared by every Follow button
   * of theirs (the suggestions, the profile), seeded from a cached profile and written by
   * `useToggleFollow` (at once on a click, back on a failure, the server's answer after).
   */
  status: (userId: string) => ['follow', userId, 'status'] as const,
};

/**
 * Whether the reader follows this user, as every Follow button of theirs shows it. Read once
 * from any cached profile of theirs (else `known`, else not followed), then kept by
 * `useToggleFollow` and by profile reads (`storeFollowStatus`).
 */
export function useIsFollowing(userId: string, known?: boolean): boolean {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: followKeys.status(userId),
    queryFn: skipToken,
    initialData: (): boolean => findCachedUser(queryClient, userId)?.isFollowing ?? known ?? false,
  });
  // Never undefined (the initial data), though a skipped query is not typed so.
  return data ?? false;
}

/**
 * A profile read from the server tells whether the reader follows them: every Follow button of
 * theirs shows it, unless a click on one is still on its way (its own answer settles it).
 */
export function storeFollowStatus(
  queryClient: QueryClient,
  user: Pick<UserResponse, 'id' | 'isFollowing'>,
): void {
  if (user.isFollowing === undefined) return;
  if (queryClient.isMutating({ mutationKey: followKeys.user(user.id) }) > 0) return;
  queryClient.setQueryData<boolean>(followKeys.status(user.id), user.isFollowing);
}

interface FollowSnapshot {
  /** Whether the reader followed the user before this click, as the Follow buttons showed. */
  following: boolean;
  /** The followed user's state before this click. */
  profile: Pick<UserResponse, 'isFollowing' | 'followersCount'> | undefined;
  /** How much this click moved the reader's own following count. */
  delta: number;
}

/** Moves the reader's following count, on their cached record and cached profiles. */
function moveOwnFollowing(queryClient: QueryClient, delta: number): void {
  const me = queryClient.getQueryData<UserResponse | null>(userKeys.current);
  if (!me || delta === 0) return;
  const move = (user: UserResponse) => ({
    ...user,
    followingCount: Math.max(0, user.followingCount + delta),
  });
  updateCachedCurrentUser(queryClient, me.id, move);
  updateCachedProfiles(queryClient, me.id, move);
}

/**
 * Follow or unfollow someone, instantly: every Follow button of theirs (`useIsFollowing`) and
 * the counts change at once (their followers, the reader's following) and go back if the call
 * fails. Rapid clicks on one user, from any button, run in order (one mutation scope per user),
 * and only the last answer is written over the cache.
 */
export function useToggleFollow(userId: string) {
  const queryClient = useQueryClient();
  const mutationKey = followKeys.user(userId);
  return useMutation({
    mutationKey,
    scope: { id: `follow:${userId}` },
    mutationFn: ({ follow }: { follow: boolean }) =>
      follow ? followUser(userId) : unfollowUser(userId),
    onMutate: async ({ follow }): Promise<FollowSnapshot> => {
      const statusKey = followKeys.status(userId);
      const following =
        queryClient.getQueryData<boolean>(statusKey) ??
        findCachedUser(queryClient, userId)?.isFollowing ??
        !follow;
      queryClient.setQueryData<boolean>(statusKey, follow);
      await queryClient.cancelQueries(profileDetailFilters);
      const cached = findCachedUser(queryClient, userId);
      const delta = cached && Boolean(cached.isFollowing) !== follow ? (follow ? 1 : -1) : 0;
      updateCachedProfiles(queryClient, userId, (user) => ({
        ...user,
        isFollowing: follow,
        followersCount: Math.max(0, user.followersCount + delta),
      }));
      moveOwnFollowing(queryClient, delta);
      return {
        following,
        profile: cached && {
          isFollowing: cached.isFollowing,
          followersCount: cached.followersCount,
        },
        delta,
      };
    },
    onError: (error, { follow }, snapshot) => {
      // A later click still on its way decides what the buttons show.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        queryClient.setQueryData<boolean>(
          followKeys.status(userId),
          snapshot?.following ?? !follow,
        );
      }
      if (snapshot?.profile) {
        const { profile } = snapshot;
        updateCachedProfiles(queryClient, userId, (user) => ({ ...user, ...profile }));
      }
      moveOwnFollowing(queryClient, -(snapshot?.delta ?? 0));
      toast({
        variant: 'destructive',
        title: follow ? 'Follow failed' : 'Unfollow failed',
        description: messageOf(
          error,
          follow
            ? 'Failed to follow user. Please try again.'
            : 'Failed to unfollow user. Please try again.',
        ),
      });
    },
    onSuccess: (status) => {
      // A later click still on its way will write its own answer.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData<boolean>(followKeys.status(status.userId), status.isFollowing);
      updateCachedProfiles(queryClient, status.userId, (user) => ({
        ...user,
        isFollowing: status.isFollowing,
        followersCount: status.followersCount,
      }));
    },
  });
}
