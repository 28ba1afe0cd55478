import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, TweetResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { STALE_TIME, TWEET_PAGE_SIZE, tweetKeys } from './tweet-keys';

/** GET /api/users/{idOrUsername}/tweets: the user's posts (not replies), the pinned one first. */
export const getUserTweets = ({
  userId,
  cursor,
  limit = TWEET_PAGE_SIZE,
  signal,
}: {
  userId: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<TweetResponse>> =>
  api.get<Page<TweetResponse>>(
    `/api/users/${encodeURIComponent(userId)}/tweets?${pageSearch(cursor, limit)}`,
    signal,
  );

export const userTweetsInfiniteQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: tweetKeys.byUser(userId),
    queryFn: ({ pageParam, signal }) => getUserTweets({ userId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.userTweets,
  });

export const useUserTweets = (userId: string) =>
  useInfiniteQuery({ ...userTweetsInfiniteQueryOptions(userId), enabled: userId.length > 0 });
