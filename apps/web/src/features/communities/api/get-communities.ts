import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunitySummary, Page } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import type { CommunityFilters } from './community-keys';
import { COMMUNITY_PAGE_SIZE, communityKeys, STALE_TIME } from './community-keys';

/** The query string of the list call: category (lowercase) and search only when set. */
export function communitiesSearch(
  { category, search }: CommunityFilters,
  cursor: string | null | undefined,
  limit: number,
): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  const text = search.trim();
  if (text) params.set('search', text);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** GET /api/communities: every community (or a category, or a search), most members first. */
export const getCommunities = ({
  filters,
  cursor,
  limit = COMMUNITY_PAGE_SIZE,
  signal,
}: {
  filters: CommunityFilters;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<Page<CommunitySummary>> =>
  api.get<Page<CommunitySummary>>(
    `/api/communities?${communitiesSearch(filters, cursor, limit)}`,
    signal,
  );

/** The filters as the key holds them: a trimmed search, so spaces alone ask nothing new. */
const normalise = (filters: CommunityFilters): CommunityFilters => ({
  category: filters.category,
  search: filters.search.trim(),
});

export const communitiesInfiniteQueryOptions = (filters: CommunityFilters) => {
  const normalised = normalise(filters);
  return infiniteQueryOptions({
    queryKey: communityKeys.discover(normalised),
    queryFn: ({ pageParam, signal }) =>
      getCommunities({ filters: normalised, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: STALE_TIME.lists,
  });
};

/** The Discover list; the previous results stay while a new filter loads. */
export const useCommunities = (filters: CommunityFilters) =>
  useInfiniteQuery({
    ...communitiesInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
