import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, TweetResponse } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { STALE_TIME, TWEET_PAGE_SIZE, tweetKeys } from './tweet-keys';

/** GET /api/tweets/{id}/replies: the replies to a post, oldest first. */
export const getReplies = ({
  tweetId,
  cursor,
  limit = TWEET_PAGE_SIZE,
  signal,
}: {
  tweetId: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<TweetResponse>> =>
  api.get<Page<TweetResponse>>(
    `/api/tweets/${encodeURIComponent(tweetId)}/replies?${pageSearch(cursor, limit)}`,
    signal,
  );

export const repliesInfiniteQueryOptions = (tweetId: string) =>
  infiniteQueryOptions({
    queryKey: tweetKeys.replies(tweetId),
    queryFn: ({ pageParam, signal }) => getReplies({ tweetId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.replies,
  });

export const useReplies = (tweetId: string) =>
  useInfiniteQuery(repliesInfiniteQueryOptions(tweetId));
