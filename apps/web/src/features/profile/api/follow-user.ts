import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  user: (userId: string) => ['follow', userId] as const,
};

interface FollowSnapshot {
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
 * Follow or unfollow someone, instantly: the button and the counts change at
 * once (their followers, the reader's following) and go back if the call
 * fails. Rapid clicks on one user run in order (one mutation scope per user),
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
        profile: cached && {
          isFollowing: cached.isFollowing,
          followersCount: cached.followersCount,
        },
        delta,
      };
    },
    onError: (error, { follow }, snapshot) => {
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
      updateCachedProfiles(queryClient, status.userId, (user) => ({
        ...user,
        isFollowing: status.isFollowing,
        followersCount: status.followersCount,
      }));
    },
  });
}
