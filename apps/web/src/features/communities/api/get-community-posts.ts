import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityPostResponse, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { COMMUNITY_POSTS_PAGE_SIZE, communityKeys, STALE_TIME } from './community-keys';

/** GET /api/communities/{id}/posts: a page of the community's posts, newest first. */
export const getCommunityPosts = ({
  communityId,
  cursor,
  limit = COMMUNITY_POSTS_PAGE_SIZE,
  signal,
}: {
  communityId: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<CommunityPostResponse>> =>
  api.get<Page<CommunityPostResponse>>(
    `/api/communities/${encodeURIComponent(communityId)}/posts?${pageSearch(cursor, limit)}`,
    signal,
  );

/**
 * The posts after the first page (which comes with the community), from the
 * cursor it came with. A new first page brings a new cursor, and so a new list.
 */
export const communityPostsInfiniteQueryOptions = (communityId: string, startCursor: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.posts(communityId, startCursor),
    queryFn: ({ pageParam, signal }) =>
      getCommunityPosts({ communityId, cursor: pageParam, signal }),
    initialPageParam: startCursor,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.posts,
  });

/** Fetched only once the reader asks for more (`enabled`). */
export const useCommunityPosts = (
  communityId: string,
  startCursor: string | null,
  enabled: boolean,
) =>
  useInfiniteQuery({
    ...communityPostsInfiniteQueryOptions(communityId, startCursor ?? ''),
    enabled: enabled && startCursor !== null,
  });
