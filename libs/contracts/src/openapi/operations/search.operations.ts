import {
  searchAnalyticsRequestSchema,
  searchQuerySchema,
  trendsQuerySchema,
} from '../../search/search.contract';
import type { ApiOperation } from '../api-operation.contract';

/** Searching users, posts and hashtags; what was chosen; the trends. */
export const searchOperations = (): ApiOperation[] => [
  {
    operationId: 'search',
    method: 'GET',
    path: '/api/search',
    service: 'search',
    summary: 'Search users, posts and hashtags',
    description: '`q` 1-200 characters; unknown filter values are refused.',
    auth: 'none',
    query: searchQuerySchema,
    responses: {
      200: 'A list of SearchResult `{type, id, username, displayName, content, count, verified, createdAt}`',
    },
  },
  {
    operationId: 'recordSearchClick',
    method: 'POST',
    path: '/api/search/analytics',
    service: 'search',
    summary: 'Record the search result chosen',
    auth: 'optional',
    body: searchAnalyticsRequestSchema,
    responses: { 204: 'Recorded (with the user when signed in)' },
  },
  {
    operationId: 'listTrends',
    method: 'GET',
    path: '/api/trends',
    service: 'search',
    summary: 'The most used hashtags of the last 24 hours',
    auth: 'none',
    query: trendsQuerySchema,
    responses: { 200: '`[{name: "#tag", tag, count}]`' },
  },
];
