import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityMemberResponse, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { communityKeys, MEMBERS_PAGE_SIZE, STALE_TIME } from './community-keys';

/** GET /api/communities/{id}/members: its members with their roles, earliest first. */
export const getCommunityMembers = ({
  communityId,
  cursor,
  limit = MEMBERS_PAGE_SIZE,
  signal,
}: {
  communityId: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<CommunityMemberResponse>> =>
  api.get<Page<CommunityMemberResponse>>(
    `/api/communities/${encodeURIComponent(communityId)}/members?${pageSearch(cursor, limit)}`,
    signal,
  );

export const communityMembersInfiniteQueryOptions = (communityId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.members(communityId),
    queryFn: ({ pageParam, signal }) =>
      getCommunityMembers({ communityId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.members,
  });

export const useCommunityMembers = (
  communityId: string,
  { enabled = true }: { enabled?: boolean } = {},
) => useInfiniteQuery({ ...communityMembersInfiniteQueryOptions(communityId), enabled });
