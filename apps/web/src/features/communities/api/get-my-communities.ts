import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunitySummary, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import { pageSearch } from '../../../lib/paged-data';
import { COMMUNITY_PAGE_SIZE, communityKeys, STALE_TIME } from './community-keys';

/** GET /api/communities/my-communities: the communities the reader is a member of. */
export const getMyCommunities = ({
  cursor,
  limit = COMMUNITY_PAGE_SIZE,
  signal,
}: {
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<CommunitySummary>> =>
  api.get<Page<CommunitySummary>>(
    `/api/communities/my-communities?${pageSearch(cursor, limit)}`,
    signal,
  );

export const myCommunitiesInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: communityKeys.mine(),
    queryFn: ({ pageParam, signal }) => getMyCommunities({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.lists,
  });

export const useMyCommunities = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...myCommunitiesInfiniteQueryOptions(), enabled });
