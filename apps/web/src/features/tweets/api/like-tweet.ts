import type { TweetInteractionResponse, TweetResponse } from '@wave/contracts';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { createToggleQueue } from '../../../lib/toggle-queue';
import { MESSAGES } from '../messages';
import { likeStateOf, useTweetCache, withLike, withLikeState } from './tweet-cache';

/** POST /api/tweets/{id}/like. */
export const likeTweet = (tweetId: string): Promise<TweetInteractionResponse> =>
  api.post<TweetInteractionResponse>(`/api/tweets/${encodeURIComponent(tweetId)}/like`);

/** DELETE /api/tweets/{id}/like. */
export const unlikeTweet = (tweetId: string): Promise<TweetInteractionResponse> =>
  api.delete<TweetInteractionResponse>(`/api/tweets/${encodeURIComponent(tweetId)}/like`);

type LikeState = ReturnType<typeof likeStateOf>;

/** One queue for the whole app: toggles of one post are serialised, whoever asks. */
const likeQueue = createToggleQueue<LikeState>();

/**
 * Likes or unlikes a post (by its isLiked flag, spec part 1, section 4): every
 * cached copy changes at once; requests for one post go one at a time and only
 * the last wish is sent; a failure rolls back to the server's last answer.
 */
export function useToggleLike(): (tweet: TweetResponse) => Promise<void> {
  const cache = useTweetCache();
  return useCallback(
    (tweet: TweetResponse) => {
      const current = cache.find(tweet.id) ?? tweet;
      const isLiked = !current.isLiked;
      cache.update(tweet.id, (cached) => withLike(cached, isLiked));
      return likeQueue.request(tweet.id, isLiked, {
        confirmed: likeStateOf(current),
        valueOf: (state) => state.isLiked,
        send: async (value) => {
          const answer = await (value ? likeTweet(tweet.id) : unlikeTweet(tweet.id));
          return { isLiked: answer.isLiked, likesCount: answer.likesCount };
        },
        onSettled: (state) => cache.update(tweet.id, (cached) => withLikeState(cached, state)),
        onError: (_error, confirmed) => {
          cache.update(tweet.id, (cached) => withLikeState(cached, confirmed));
          toast({
            variant: 'destructive',
            title: MESSAGES.errorTitle,
            description: MESSAGES.likeFailed,
          });
        },
      });
    },
    [cache],
  );
}
