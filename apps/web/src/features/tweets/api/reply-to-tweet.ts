import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { toast } from '../../../components/ui/use-toast';
import { api, isNetworkFailure } from '../../../lib/api-client';
import { MESSAGES } from '../messages';
import { repliesInfiniteQueryOptions } from './get-replies';
import { useTweetCache, withRepliesDelta } from './tweet-cache';

export interface ReplyInput {
  tweetId: string;
  content: string;
}

/** POST /api/tweets/{id}/reply {content}: the reply (a post with parentId). */
export const replyToTweet = ({ tweetId, content }: ReplyInput): Promise<TweetResponse> =>
  api.post<TweetResponse>(`/api/tweets/${encodeURIComponent(tweetId)}/reply`, { content });

/** Replies; the post's reply count moves everywhere, and its replies are re-read. */
export function useReplyToTweet({
  onSuccess,
}: { onSuccess?: (reply: TweetResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const cache = useTweetCache();
  return useMutation({
    mutationFn: replyToTweet,
    // As a post: offline, it fails at once and says so; the reply box keeps the text.
    networkMode: 'always',
    onSuccess: (reply, { tweetId }) => {
      cache.update(tweetId, (tweet) => withRepliesDelta(tweet, 1));
      void queryClient.invalidateQueries({
        queryKey: repliesInfiniteQueryOptions(tweetId).queryKey,
      });
      toast({ title: MESSAGES.replyPosted });
      onSuccess?.(reply);
    },
    onError: (error) =>
      toast(
        isNetworkFailure(error)
          ? {
              variant: 'destructive',
              title: MESSAGES.offlineTitle,
              description: MESSAGES.replyOffline,
            }
          : {
              variant: 'destructive',
              title: MESSAGES.errorTitle,
              description: MESSAGES.replyFailed,
            },
      ),
  });
}
