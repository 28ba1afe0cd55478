import { z } from 'zod';
import { text } from '../common/text.contract';

export const SEARCH_TYPES = ['all', 'posts', 'users', 'hashtags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_DATE_RANGES = ['all', 'today', 'week', 'month'] as const;
export type SearchDateRange = (typeof SEARCH_DATE_RANGES)[number];
export const SEARCH_VERIFIED_FILTERS = ['all', 'verified'] as const;
export type SearchVerifiedFilter = (typeof SEARCH_VERIFIED_FILTERS)[number];
export const SEARCH_RESULT_TYPES = ['user', 'post', 'hashtag'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const TRENDS_DEFAULT_LIMIT = 5;
export const TRENDS_MAX_LIMIT = 20;

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

/** `GET /api/search?q=&type=&dateRange=&verified=&limit=` */
export const searchQuerySchema = z.object({
  q: text('q', {
    kind: 'line',
    required: true,
    max: SEARCH_QUERY_MAX_LENGTH,
    messages: { notText: 'q is required' },
  }),
  type: oneOf('type', SEARCH_TYPES).default('all'),
  dateRange: oneOf('dateRange', SEARCH_DATE_RANGES).default('all'),
  verified: oneOf('verified', SEARCH_VERIFIED_FILTERS).default('all'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(SEARCH_MAX_LIMIT, { error: `limit must be at most ${SEARCH_MAX_LIMIT}` })
    .default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A search result (spec part 1, section 3). */
export interface SearchResult {
  type: SearchResultType;
  /** The user's id, the post's id, or the hashtag itself (lowercase, without #). */
  id: string;
  username: string | null;
  displayName: string | null;
  /** The post's text, or the hashtag as #tag. */
  content: string | null;
  /** Hashtags: posts using it in the date range. */
  count: number | null;
  verified: boolean;
  /** Posts: when it was written. */
  createdAt: string | null;
}

/** `POST /api/search/analytics`: a result was chosen. */
export const searchAnalyticsRequestSchema = z.object(
  {
    query: text('query', {
      kind: 'line',
      required: true,
      max: SEARCH_QUERY_MAX_LENGTH,
      messages: { notText: 'query is required' },
    }),
    resultId: text('resultId', {
      kind: 'line',
      required: true,
      trim: false,
      max: 200,
      messages: { notText: 'resultId is required' },
    }),
    resultType: oneOf('resultType', SEARCH_RESULT_TYPES),
  },
  { error: 'Request body must be a JSON object' },
);
export type SearchAnalyticsRequest = z.infer<typeof searchAnalyticsRequestSchema>;

/** `GET /api/trends?limit=`: the most used hashtags of the last 24 hours. */
export const trendsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(TRENDS_MAX_LIMIT, { error: `limit must be at most ${TRENDS_MAX_LIMIT}` })
    .default(TRENDS_DEFAULT_LIMIT),
});

export interface TrendResponse {
  /** #tag */
  name: string;
  tag: string;
  /** Posts using it in the last 24 hours. */
  count: number;
}
