import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { MESSAGES } from '../messages';
import { useTweetCache } from './tweet-cache';
import { tweetKeys } from './tweet-keys';

/** POST /api/tweets/{id}/pin: the pinned post (one per user: any other is unpinned). */
export const pinTweet = (tweetId: string): Promise<TweetResponse> =>
  api.post<TweetResponse>(`/api/tweets/${encodeURIComponent(tweetId)}/pin`);

export function usePinTweet() {
  const queryClient = useQueryClient();
  const cache = useTweetCache();
  return useMutation({
    mutationFn: (tweet: TweetResponse) => pinTweet(tweet.id),
    onSuccess: (_pinned, tweet) => {
      cache.updateWhere(
        (cached) => cached.authorId === tweet.authorId,
        (cached) =>
          cached.isPinned === (cached.id === tweet.id)
            ? cached
            : { ...cached, isPinned: cached.id === tweet.id },
      );
      // The pinned post comes first in its author's list.
      void queryClient.invalidateQueries({ queryKey: tweetKeys.userLists() });
      toast({ title: MESSAGES.postPinned });
    },
    onError: () =>
      toast({
        variant: 'destructive',
        title: MESSAGES.errorTitle,
        description: MESSAGES.pinFailed,
      }),
  });
}
