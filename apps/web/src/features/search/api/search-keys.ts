import type { SearchFilters } from '../search-filters';

/** One search as the key and the request hold it: the settled query, the filters and a limit. */
export interface SearchParams extends SearchFilters {
  q: string;
  limit: number;
}

/**
 * Query keys of search results, as a root plus a factory (the Bluesky way).
 * The filters are part of the key: changing one asks again.
 */
export const searchKeys = {
  all: ['search'] as const,
  lists: () => [...searchKeys.all, 'results'] as const,
  list: (params: SearchParams) => [...searchKeys.lists(), params] as const,
};

/** Trends (the most used hashtags of the last 24 hours) are their own resource. */
export const trendKeys = {
  all: ['trends'] as const,
  list: (limit: number) => [...trendKeys.all, limit] as const,
};

/**
 * How long data stays fresh. Results follow the spec's default (stale at
 * once, part 1, section 9). Trends cover a day and move slowly; the sidebar
 * shows them on every page, so they are not asked for again on each one.
 */
export const STALE_TIME = {
  search: 0,
  trends: 60 * 1000,
} as const;
