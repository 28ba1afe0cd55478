import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { TweetInteractionResponse, TweetResponse } from '@wave/contracts';
import { useMemo } from 'react';
import { filterPagedItems, isPagedData, mapPagedItems } from '../../../lib/paged-data';
import { tweetKeys } from './tweet-keys';

/**
 * Pure patches of cached posts, and one place that applies them to every
 * cached copy of a post (feed pages, the post's page, replies, users' lists):
 * likes and retweets show at once, edits and deletions everywhere.
 */

export const isTweet = (data: unknown): data is TweetResponse =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { id?: unknown }).id === 'string' &&
  typeof (data as { content?: unknown }).content === 'string' &&
  typeof (data as { likesCount?: unknown }).likesCount === 'number';

type Update = <T extends TweetResponse>(tweet: T) => T;

/**
 * Applies `update` to every post that `match`es in cached data (a post, or an
 * infinite list of posts). Anything else, or nothing matching, comes back as
 * it was (same identity).
 */
export function updateTweetsInData(
  data: unknown,
  match: (tweet: TweetResponse) => boolean,
  update: Update,
): unknown {
  const apply = <T extends TweetResponse>(tweet: T): T => (match(tweet) ? update(tweet) : tweet);
  if (isTweet(data)) return apply(data);
  if (isPagedData(data)) {
    return mapPagedItems(data, (item) => (isTweet(item) ? apply(item) : item));
  }
  return data;
}

/** The post with that id in cached data (a post, or an infinite list of posts). */
export function findTweetInData(data: unknown, tweetId: string): TweetResponse | undefined {
  if (isTweet(data)) return data.id === tweetId ? data : undefined;
  if (!isPagedData(data)) return undefined;
  for (const page of data.pages) {
    for (const item of page.items) if (isTweet(item) && item.id === tweetId) return item;
  }
  return undefined;
}

/** Drops a post from cached lists (a post's own cache is left to the caller). */
export function removeTweetFromData(data: unknown, tweetId: string): unknown {
  if (!isPagedData(data)) return data;
  return filterPagedItems(data, (item) => !(isTweet(item) && item.id === tweetId));
}

type LikeState = Pick<TweetInteractionResponse, 'isLiked' | 'likesCount'>;
type RetweetState = Pick<TweetInteractionResponse, 'isRetweeted' | 'retweetsCount'>;

/** The like state as the server gave it (keeps identity when nothing changes). */
export const withLikeState = <T extends TweetResponse>(tweet: T, state: LikeState): T =>
  tweet.isLiked === state.isLiked && tweet.likesCount === state.likesCount
    ? tweet
    : { ...tweet, isLiked: state.isLiked, likesCount: Math.max(0, state.likesCount) };

/** The like state the user asked for, before the server answers: the count moves by one. */
export const withLike = <T extends TweetResponse>(tweet: T, isLiked: boolean): T =>
  tweet.isLiked === isLiked
    ? tweet
    : withLikeState(tweet, { isLiked, likesCount: tweet.likesCount + (isLiked ? 1 : -1) });

export const withRetweetState = <T extends TweetResponse>(tweet: T, state: RetweetState): T =>
  tweet.isRetweeted === state.isRetweeted && tweet.retweetsCount === state.retweetsCount
    ? tweet
    : {
        ...tweet,
        isRetweeted: state.isRetweeted,
        retweetsCount: Math.max(0, state.retweetsCount),
      };

export const withRetweet = <T extends TweetResponse>(tweet: T, isRetweeted: boolean): T =>
  tweet.isRetweeted === isRetweeted
    ? tweet
    : withRetweetState(tweet, {
        isRetweeted,
        retweetsCount: tweet.retweetsCount + (isRetweeted ? 1 : -1),
      });

export const withRepliesDelta = <T extends TweetResponse>(tweet: T, delta: number): T =>
  delta === 0 ? tweet : { ...tweet, repliesCount: Math.max(0, tweet.repliesCount + delta) };

export const likeStateOf = (tweet: TweetResponse): LikeState => ({
  isLiked: tweet.isLiked,
  likesCount: tweet.likesCount,
});

export const retweetStateOf = (tweet: TweetResponse): RetweetState => ({
  isRetweeted: tweet.isRetweeted,
  retweetsCount: tweet.retweetsCount,
});

export interface TweetCache {
  /** A cached copy of the post (every copy is patched alike), if any. */
  find(tweetId: string): TweetResponse | undefined;
  /** Patches the post in every cached copy. */
  update(tweetId: string, update: Update): void;
  /** Patches every cached post that matches. */
  updateWhere(match: (tweet: TweetResponse) => boolean, update: Update): void;
  /** Drops the post from every cached list, and its own cache. */
  remove(tweetId: string): void;
}

export function tweetCache(queryClient: QueryClient): TweetCache {
  const updateWhere: TweetCache['updateWhere'] = (match, update) => {
    queryClient.setQueriesData<unknown>({ queryKey: tweetKeys.all }, (data: unknown) =>
      data === undefined ? undefined : updateTweetsInData(data, match, update),
    );
  };
  return {
    find: (tweetId) => {
      for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: tweetKeys.all })) {
        const found = findTweetInData(data, tweetId);
        if (found) return found;
      }
      return undefined;
    },
    updateWhere,
    update: (tweetId, update) => updateWhere((tweet) => tweet.id === tweetId, update),
    remove: (tweetId) => {
      queryClient.setQueriesData<unknown>({ queryKey: tweetKeys.lists() }, (data: unknown) =>
        data === undefined ? undefined : removeTweetFromData(data, tweetId),
      );
      queryClient.removeQueries({ queryKey: tweetKeys.detail(tweetId), exact: true });
    },
  };
}

export function useTweetCache(): TweetCache {
  const queryClient = useQueryClient();
  return useMemo(() => tweetCache(queryClient), [queryClient]);
}
