import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedItemResponse, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { STALE_TIME, TWEET_PAGE_SIZE, tweetKeys } from './tweet-keys';

/** The path of a page of the feed (the first: no cursor). */
export const feedPath = (cursor?: string | null, limit = TWEET_PAGE_SIZE): string =>
  `/api/tweets?${pageSearch(cursor, limit)}`;

/** GET /api/tweets: the home timeline for a member, the public one for a visitor. */
export const getFeed = ({
  cursor,
  limit = TWEET_PAGE_SIZE,
  signal,
}: {
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<FeedItemResponse>> =>
  api.get<Page<FeedItemResponse>>(feedPath(cursor, limit), signal);

export const feedInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: tweetKeys.feed(),
    queryFn: ({ pageParam, signal }) => getFeed({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.feed,
  });

export const useFeed = () => useInfiniteQuery(feedInfiniteQueryOptions());
