import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@wave/contracts';
import { api } from '../../../lib/api-client';
import type { SearchFilters } from '../search-filters';
import { SEARCH_DEFAULT_LIMIT } from '../search-limits';
import type { SearchParams } from './search-keys';
import { searchKeys, STALE_TIME } from './search-keys';

/** The query string of the search call: the query, every filter and the limit. */
export function searchParamsString({ q, type, dateRange, verified, limit }: SearchParams): string {
  return new URLSearchParams({
    q,
    type,
    dateRange,
    verified,
    limit: String(limit),
  }).toString();
}

/** GET /api/search: users, posts and hashtags matching the query, within the filters. */
export const getSearchResults = (
  params: SearchParams,
  signal?: AbortSignal,
): Promise<SearchResult[]> =>
  api.get<SearchResult[]>(`/api/search?${searchParamsString(params)}`, signal);

/** The params as the key holds them: a trimmed query, so spaces alone ask nothing new. */
const normalise = ({
  q,
  type,
  dateRange,
  verified,
  limit = SEARCH_DEFAULT_LIMIT,
}: SearchFilters & { q: string; limit?: number }): SearchParams => ({
  q: q.trim(),
  type,
  dateRange,
  verified,
  limit,
});

export const searchQueryOptions = (search: SearchFilters & { q: string; limit?: number }) => {
  const params = normalise(search);
  return queryOptions({
    queryKey: searchKeys.list(params),
    queryFn: ({ signal }) => getSearchResults(params, signal),
    staleTime: STALE_TIME.search,
    refetchOnWindowFocus: false,
  });
};

/** The results of the settled query; no request while it is empty (spec part 1, section 5). */
export const useSearchResults = (search: SearchFilters & { q: string; limit?: number }) =>
  useQuery({ ...searchQueryOptions(search), enabled: search.q.trim().length > 0 });
