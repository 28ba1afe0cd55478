import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TweetResponse } from '@wave/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { STALE_TIME, tweetKeys } from './tweet-keys';

/** GET /api/tweets/{id}: one post, with the reader's like, retweet and pin flags. */
export const getTweet = (tweetId: string, signal?: AbortSignal): Promise<TweetResponse> =>
  api.get<TweetResponse>(`/api/tweets/${encodeURIComponent(tweetId)}`, signal);

export const tweetQueryOptions = (tweetId: string) =>
  queryOptions({
    queryKey: tweetKeys.detail(tweetId),
    queryFn: ({ signal }) => getTweet(tweetId, signal),
    staleTime: STALE_TIME.tweet,
  });

export const useTweet = (tweetId: string) => useQuery(tweetQueryOptions(tweetId));

/** A missing post (404), or an id that cannot be one (400). */
export const isTweetNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
