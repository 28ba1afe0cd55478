import type { TweetInteractionResponse, TweetResponse } from '@wave/contracts';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { createToggleQueue } from '../../../lib/toggle-queue';
import { MESSAGES } from '../messages';
import { retweetStateOf, useTweetCache, withRetweet, withRetweetState } from './tweet-cache';

/** POST /api/tweets/{id}/retweet. */
export const retweetTweet = (tweetId: string): Promise<TweetInteractionResponse> =>
  api.post<TweetInteractionResponse>(`/api/tweets/${encodeURIComponent(tweetId)}/retweet`);

/** DELETE /api/tweets/{id}/retweet. */
export const unretweetTweet = (tweetId: string): Promise<TweetInteractionResponse> =>
  api.delete<TweetInteractionResponse>(`/api/tweets/${encodeURIComponent(tweetId)}/retweet`);

type RetweetState = ReturnType<typeof retweetStateOf>;

const retweetQueue = createToggleQueue<RetweetState>();

/**
 * Retweets or undoes it (by its isRetweeted flag): shown at once everywhere,
 * serialised per post, rolled back on failure; 'Retweeted!' or 'Unretweeted'
 * once the server holds the last wish.
 */
export function useToggleRetweet(): (tweet: TweetResponse) => Promise<void> {
  const cache = useTweetCache();
  return useCallback(
    (tweet: TweetResponse) => {
      const current = cache.find(tweet.id) ?? tweet;
      const isRetweeted = !current.isRetweeted;
      cache.update(tweet.id, (cached) => withRetweet(cached, isRetweeted));
      return retweetQueue.request(tweet.id, isRetweeted, {
        confirmed: retweetStateOf(current),
        valueOf: (state) => state.isRetweeted,
        send: async (value) => {
          const answer = await (value ? retweetTweet(tweet.id) : unretweetTweet(tweet.id));
          return { isRetweeted: answer.isRetweeted, retweetsCount: answer.retweetsCount };
        },
        onSettled: (state) => {
          cache.update(tweet.id, (cached) => withRetweetState(cached, state));
          toast({ title: state.isRetweeted ? MESSAGES.retweeted : MESSAGES.unretweeted });
        },
        onError: (_error, confirmed) => {
          cache.update(tweet.id, (cached) => withRetweetState(cached, confirmed));
          toast({
            variant: 'destructive',
            title: MESSAGES.errorTitle,
            description: MESSAGES.retweetFailed,
          });
        },
      });
    },
    [cache],
  );
}
