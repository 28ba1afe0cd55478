import { useQueryClient } from '@tanstack/react-query';
import type { CommunityPostResponse, CommunityPostShareResponse } from '@wave/contracts';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { canShareNatively, isShareCancel, shareText } from '../../../lib/share-links';
import { MESSAGES } from '../messages';
import { useCommunityCache, withSharesCount } from './community-cache';
import { communityQueryOptions } from './get-community';

/** POST /api/posts/{id}/share: counts a share (after the sheet or a copied link). */
export const recordCommunityPostShare = (postId: string): Promise<CommunityPostShareResponse> =>
  api.post<CommunityPostShareResponse>(`/api/posts/${encodeURIComponent(postId)}/share`);

/** A post's own link: {origin}/community/{id}/post/{postId} (spec part 2, section 2). */
export const communityPostUrl = (post: Pick<CommunityPostResponse, 'id' | 'communityId'>) =>
  new URL(paths.communityPost.getHref(post.communityId, post.id), window.location.origin).href;

/** Copies a text, with a toast either way; answers whether it was copied. */
export async function copyToClipboard(text: string, copiedTitle: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: copiedTitle });
    return true;
  } catch {
    toast({
      variant: 'destructive',
      title: MESSAGES.copyFailed,
      description: MESSAGES.copyFailedDescription,
    });
    return false;
  }
}

type ShareOutcome = 'shared' | 'cancelled' | 'failed' | 'unavailable';

async function shareNatively(post: CommunityPostResponse, url: string): Promise<ShareOutcome> {
  try {
    await navigator.share({
      title: `Post by @${post.author.username}`,
      text: shareText(post.content),
      url,
    });
    return 'shared';
  } catch (error) {
    if (isShareCancel(error)) {
      // Closing the sheet is no error (spec part 2, section 8): only logged.
      console.debug('Share cancelled', error);
      return 'cancelled';
    }
    return 'failed';
  }
}

/**
 * Shares a post: the device's share sheet when it has one (a cancel is only
 * logged), otherwise the post's link is copied with 'Link copied'. A share
 * that happened is counted; a failure to count it is ignored.
 */
export function useShareCommunityPost(): (post: CommunityPostResponse) => Promise<void> {
  const queryClient = useQueryClient();
  const cache = useCommunityCache();
  return useCallback(
    async (post: CommunityPostResponse) => {
      const url = communityPostUrl(post);
      const outcome = canShareNatively() ? await shareNatively(post, url) : 'unavailable';
      if (outcome === 'cancelled') return;
      // No share sheet (or it failed): the link is copied instead.
      const shared = outcome === 'shared' || (await copyToClipboard(url, MESSAGES.linkCopied));
      if (!shared) return;
      try {
        const answer = await recordCommunityPostShare(post.id);
        cache.updatePost(post.id, (cached) => withSharesCount(cached, answer.sharesCount));
        void queryClient.invalidateQueries({
          queryKey: communityQueryOptions(post.communityId).queryKey,
        });
      } catch {
        // The share happened; only its count is missing.
      }
    },
    [cache, queryClient],
  );
}
