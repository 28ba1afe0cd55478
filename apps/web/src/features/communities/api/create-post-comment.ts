import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityCommentResponse, CommunityPostResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import { useCommunityCache, withCommentsDelta } from './community-cache';
import { communityQueryOptions } from './get-community';
import { communityPostQueryOptions } from './get-community-post';
import { postCommentsInfiniteQueryOptions } from './get-post-comments';

export interface CreateCommentInput {
  post: Pick<CommunityPostResponse, 'id' | 'communityId'>;
  content: string;
}

/** POST /api/posts/{id}/comments {content}: the new comment (201). */
export const createPostComment = ({
  post,
  content,
}: CreateCommentInput): Promise<CommunityCommentResponse> =>
  api.post<CommunityCommentResponse>(`/api/posts/${encodeURIComponent(post.id)}/comments`, {
    content,
  });

/**
 * Comments: the post's count moves everywhere and the comment shows last in
 * its comments at once (when they are all loaded); the comments, the post and
 * the community are read again.
 */
export function useCreatePostComment({
  onSuccess,
}: { onSuccess?: (comment: CommunityCommentResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useMutation({
    mutationFn: createPostComment,
    onSuccess: (comment, { post }) => {
      cache.updatePost(post.id, (cached) => withCommentsDelta(cached, 1));
      cache.appendComment(comment);
      void queryClient.invalidateQueries({
        queryKey: postCommentsInfiniteQueryOptions(post.id).queryKey,
      });
      void queryClient.invalidateQueries({
        queryKey: communityPostQueryOptions(post.id).queryKey,
      });
      void queryClient.invalidateQueries({
        queryKey: communityQueryOptions(post.communityId).queryKey,
      });
      toast({ title: MESSAGES.commentAdded });
      onSuccess?.(comment);
    },
    onError: (error) => toastFailure(MESSAGES.commentFailed, error),
  });
}
