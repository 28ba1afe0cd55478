import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { MESSAGES } from '../messages';
import { useTweetCache, withRepliesDelta } from './tweet-cache';
import { tweetKeys } from './tweet-keys';

/** DELETE /api/tweets/{id} (204). */
export const deleteTweet = (tweetId: string): Promise<void> =>
  api.delete<void>(`/api/tweets/${encodeURIComponent(tweetId)}`);

/**
 * Deletes a post: it leaves every cached list at once (and a reply leaves its
 * parent's count); lists are marked stale for their next read.
 */
export function useDeleteTweet({ onSuccess }: { onSuccess?: (tweet: TweetResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const cache = useTweetCache();
  return useMutation({
    mutationFn: (tweet: TweetResponse) => deleteTweet(tweet.id),
    onSuccess: (_answer, tweet) => {
      onSuccess?.(tweet);
      cache.remove(tweet.id);
      if (tweet.parentId) cache.update(tweet.parentId, (parent) => withRepliesDelta(parent, -1));
      void queryClient.invalidateQueries({ queryKey: tweetKeys.lists(), refetchType: 'none' });
      toast({ title: MESSAGES.postDeleted });
    },
    onError: () =>
      toast({
        variant: 'destructive',
        title: MESSAGES.errorTitle,
        description: MESSAGES.deleteFailed,
      }),
  });
}
