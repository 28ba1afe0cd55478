import { useQueryClient } from '@tanstack/react-query';
import type { CommunityPostLikeResponse, CommunityPostResponse } from '@wave/contracts';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { createToggleQueue } from '../../../lib/toggle-queue';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import type { LikeState } from './community-cache';
import { likeStateOf, useCommunityCache, withLike, withLikeState } from './community-cache';
import { communityKeys } from './community-keys';
import { communityQueryOptions } from './get-community';

/** POST /api/posts/{id}/like. */
export const likeCommunityPost = (postId: string): Promise<CommunityPostLikeResponse> =>
  api.post<CommunityPostLikeResponse>(`/api/posts/${encodeURIComponent(postId)}/like`);

/** DELETE /api/posts/{id}/like. */
export const unlikeCommunityPost = (postId: string): Promise<CommunityPostLikeResponse> =>
  api.delete<CommunityPostLikeResponse>(`/api/posts/${encodeURIComponent(postId)}/like`);

/** One queue for the whole app: toggles of one post are serialised, whoever asks. */
const likeQueue = createToggleQueue<LikeState>();

/**
 * Likes or unlikes a community post by its isLiked flag (spec part 2, section
 * 4): every cached copy changes at once; requests for one post go one at a
 * time and only the last wish is sent; a failure rolls back to the server's
 * last answer with the 'Action failed' toast. Once the server holds the wish,
 * the community is read again.
 */
export function useToggleCommunityPostLike(): (post: CommunityPostResponse) => Promise<void> {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useCallback(
    async (post: CommunityPostResponse) => {
      const detailKey = communityQueryOptions(post.communityId).queryKey;
      // A read under way would put the old state back over the instant change.
      if (!likeQueue.isBusy(post.id)) {
        await Promise.all([
          queryClient.cancelQueries({ queryKey: detailKey }),
          queryClient.cancelQueries({ queryKey: communityKeys.postLists() }),
          queryClient.cancelQueries({ queryKey: communityKeys.post(post.id) }),
        ]);
      }
      const current = cache.findPost(post.id) ?? post;
      const isLiked = !current.isLiked;
      cache.updatePost(post.id, (cached) => withLike(cached, isLiked));
      return likeQueue.request(post.id, isLiked, {
        confirmed: likeStateOf(current),
        valueOf: (state) => state.isLiked,
        send: async (value) => {
          const answer = await (value ? likeCommunityPost(post.id) : unlikeCommunityPost(post.id));
          return { isLiked: answer.isLiked, likesCount: answer.likesCount };
        },
        onSettled: (state) => {
          cache.updatePost(post.id, (cached) => withLikeState(cached, state));
          void queryClient.invalidateQueries({ queryKey: detailKey });
        },
        onError: (error, confirmed) => {
          cache.updatePost(post.id, (cached) => withLikeState(cached, confirmed));
          toastFailure(MESSAGES.likeFailed, error);
        },
      });
    },
    [cache, queryClient],
  );
}
