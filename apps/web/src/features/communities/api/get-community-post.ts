import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityPostResponse } from '@wave/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { communityKeys, STALE_TIME } from './community-keys';

/** GET /api/posts/{id}: one community post, with the reader's like and delete flags. */
export const getCommunityPost = (
  postId: string,
  signal?: AbortSignal,
): Promise<CommunityPostResponse> =>
  api.get<CommunityPostResponse>(`/api/posts/${encodeURIComponent(postId)}`, signal);

export const communityPostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: communityKeys.post(postId),
    queryFn: ({ signal }) => getCommunityPost(postId, signal),
    staleTime: STALE_TIME.post,
  });

export const useCommunityPost = (postId: string) => useQuery(communityPostQueryOptions(postId));

/** A missing post (404), or an id that cannot be one (400). */
export const isPostNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A post of a private community the reader is not a member of (403). */
export const isPostInPrivateCommunity = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403;
