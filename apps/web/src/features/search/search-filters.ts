import type { SearchDateRange, SearchType, SearchVerifiedFilter } from '@wave/contracts';
import { SEARCH_DATE_RANGES, SEARCH_TYPES, SEARCH_VERIFIED_FILTERS } from './search-limits';

/** The search filter (spec part 1, section 3): type, date range and verification. */
export interface SearchFilters {
  type: SearchType;
  dateRange: SearchDateRange;
  verified: SearchVerifiedFilter;
}

export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  type: 'all',
  dateRange: 'all',
  verified: 'all',
};

export const isDefaultFilters = (filters: SearchFilters): boolean =>
  filters.type === DEFAULT_SEARCH_FILTERS.type &&
  filters.dateRange === DEFAULT_SEARCH_FILTERS.dateRange &&
  filters.verified === DEFAULT_SEARCH_FILTERS.verified;

/** What each choice reads as (spec part 1, section 9: "all (shown as All Time)"). */
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  all: 'All',
  posts: 'Posts',
  users: 'Users',
  hashtags: 'Hashtags',
};

export const DATE_RANGE_LABELS: Record<SearchDateRange, string> = {
  all: 'All Time',
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
};

export const VERIFIED_FILTER_LABELS: Record<SearchVerifiedFilter, string> = {
  all: 'All Users',
  verified: 'Verified Only',
};

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);

export const isSearchType = oneOf<SearchType>(SEARCH_TYPES);
export const isSearchDateRange = oneOf<SearchDateRange>(SEARCH_DATE_RANGES);
export const isSearchVerifiedFilter = oneOf<SearchVerifiedFilter>(SEARCH_VERIFIED_FILTERS);
