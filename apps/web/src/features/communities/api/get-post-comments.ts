import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityCommentResponse, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { COMMENTS_PAGE_SIZE, communityKeys, STALE_TIME } from './community-keys';

/** GET /api/posts/{id}/comments: a community post's comments, oldest first. */
export const getPostComments = ({
  postId,
  cursor,
  limit = COMMENTS_PAGE_SIZE,
  signal,
}: {
  postId: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<CommunityCommentResponse>> =>
  api.get<Page<CommunityCommentResponse>>(
    `/api/posts/${encodeURIComponent(postId)}/comments?${pageSearch(cursor, limit)}`,
    signal,
  );

export const postCommentsInfiniteQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getPostComments({ postId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.comments,
  });

export const usePostComments = (postId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...postCommentsInfiniteQueryOptions(postId), enabled });
