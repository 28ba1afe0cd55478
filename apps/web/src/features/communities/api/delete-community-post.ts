import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityPostResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import { useCommunityCache } from './community-cache';
import { communityQueryOptions } from './get-community';

/** DELETE /api/posts/{id} (204): its author, or a moderator or owner (post.canDelete). */
export const deleteCommunityPost = (postId: string): Promise<void> =>
  api.delete<void>(`/api/posts/${encodeURIComponent(postId)}`);

/** Deletes a post: it leaves every cached copy at once, then the community is read again. */
export function useDeleteCommunityPost({
  onSuccess,
}: { onSuccess?: (post: CommunityPostResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useMutation({
    mutationFn: (post: CommunityPostResponse) => deleteCommunityPost(post.id),
    onSuccess: (_answer, post) => {
      onSuccess?.(post);
      cache.removePost(post.id);
      void queryClient.invalidateQueries({
        queryKey: communityQueryOptions(post.communityId).queryKey,
      });
      toast({ title: MESSAGES.postDeleted });
    },
    onError: (error) => toastFailure(MESSAGES.deleteFailed, error),
  });
}
