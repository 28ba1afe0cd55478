import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityJoinRequestResponse, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { communityKeys, REQUESTS_PAGE_SIZE, STALE_TIME } from './community-keys';

/**
 * GET /api/communities/{id}/requests: the pending requests to join a private
 * community (owners and moderators only).
 */
export const getJoinRequests = ({
  communityId,
  cursor,
  limit = REQUESTS_PAGE_SIZE,
  signal,
}: {
  communityId: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<CommunityJoinRequestResponse>> =>
  api.get<Page<CommunityJoinRequestResponse>>(
    `/api/communities/${encodeURIComponent(communityId)}/requests?${pageSearch(cursor, limit)}`,
    signal,
  );

export const joinRequestsInfiniteQueryOptions = (communityId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.requests(communityId),
    queryFn: ({ pageParam, signal }) => getJoinRequests({ communityId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.requests,
  });

export const useJoinRequests = (
  communityId: string,
  { enabled = true }: { enabled?: boolean } = {},
) => useInfiniteQuery({ ...joinRequestsInfiniteQueryOptions(communityId), enabled });
