import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { MESSAGES } from '../messages';
import { useTweetCache } from './tweet-cache';
import { tweetKeys } from './tweet-keys';

/** DELETE /api/tweets/pin (204): the signed-in user's pinned post is unpinned. */
export const unpinTweet = (): Promise<void> => api.delete<void>('/api/tweets/pin');

export function useUnpinTweet() {
  const queryClient = useQueryClient();
  const cache = useTweetCache();
  return useMutation({
    mutationFn: (_tweet: TweetResponse) => unpinTweet(),
    onSuccess: (_answer, tweet) => {
      cache.updateWhere(
        (cached) => cached.authorId === tweet.authorId && cached.isPinned,
        (cached) => ({ ...cached, isPinned: false }),
      );
      void queryClient.invalidateQueries({ queryKey: tweetKeys.userLists() });
      toast({ title: MESSAGES.postUnpinned });
    },
    onError: () =>
      toast({
        variant: 'destructive',
        title: MESSAGES.errorTitle,
        description: MESSAGES.unpinFailed,
      }),
  });
}
