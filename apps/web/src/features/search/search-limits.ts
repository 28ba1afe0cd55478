import type {
  SearchDateRange,
  SearchResultType,
  SearchType,
  SearchVerifiedFilter,
} from '@wave/contracts';

/**
 * The closed sets and limits of search, as `libs/contracts` (search.contract.ts)
 * states them. Mirrored here because a runtime import of the contracts would
 * bundle zod and every schema into the client; search-limits.spec.ts fails if
 * they drift.
 */

export const SEARCH_TYPES = [
  'all',
  'posts',
  'users',
  'hashtags',
] as const satisfies readonly SearchType[];
export const SEARCH_DATE_RANGES = [
  'all',
  'today',
  'week',
  'month',
] as const satisfies readonly SearchDateRange[];
export const SEARCH_VERIFIED_FILTERS = [
  'all',
  'verified',
] as const satisfies readonly SearchVerifiedFilter[];
export const SEARCH_RESULT_TYPES = [
  'user',
  'post',
  'hashtag',
] as const satisfies readonly SearchResultType[];

/** The longest query the server takes (longer is a 400): the box stops there. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results asked for per search (the API's default). */
export const SEARCH_DEFAULT_LIMIT = 20;
/** Hashtags asked for in a trending list (the API's default, and the spec's 5). */
export const TRENDS_DEFAULT_LIMIT = 5;
/** Explore lists this many live trends: 'Show more' under 'What's happening' leads there. */
export const EXPLORE_TRENDS_LIMIT = 10;

/** The query sent lags the typed text by this much (spec part 1, section 9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** A post result shows this many characters of its text (spec part 1, sections 5 and 9). */
export const POST_PREVIEW_LENGTH = 60;
