import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityPostResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api, isNetworkFailure } from '../../../lib/api-client';
import { toastFailure } from '../failure-toast';
import { MESSAGES } from '../messages';
import { useCommunityCache } from './community-cache';
import { communityQueryOptions } from './get-community';

export interface CreateCommunityPostInput {
  communityId: string;
  content: string;
  mediaUrls?: string[];
}

/** POST /api/communities/{id}/posts {content, mediaUrls?}: the new post (201). Members only. */
export const createCommunityPost = ({
  communityId,
  ...body
}: CreateCommunityPostInput): Promise<CommunityPostResponse> =>
  api.post<CommunityPostResponse>(
    `/api/communities/${encodeURIComponent(communityId)}/posts`,
    body,
  );

/** Posts in a community: the post shows first at once, then the community is read again. */
export function useCreateCommunityPost({
  onSuccess,
}: { onSuccess?: (post: CommunityPostResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useMutation({
    mutationFn: createCommunityPost,
    // Offline, fail at once and say so (the composer keeps the post) rather than send it later.
    networkMode: 'always',
    onSuccess: (post, { communityId }) => {
      cache.prependPost({ ...post, communityId: post.communityId || communityId });
      void queryClient.invalidateQueries({ queryKey: communityQueryOptions(communityId).queryKey });
      toast({ title: MESSAGES.postCreatedTitle, description: MESSAGES.postCreatedDescription });
      onSuccess?.(post);
    },
    onError: (error) =>
      isNetworkFailure(error)
        ? toast({
            variant: 'destructive',
            title: MESSAGES.offlineTitle,
            description: MESSAGES.postOffline,
          })
        : toastFailure(MESSAGES.postFailed, error),
  });
}
