import { COMMUNITIES_SCHEMA } from '../config/communities.config';

/** Schema-qualified table names for the hand-written queries. */
export const TABLES = {
  authors: `${COMMUNITIES_SCHEMA}.authors`,
  communities: `${COMMUNITIES_SCHEMA}.communities`,
  memberships: `${COMMUNITIES_SCHEMA}.memberships`,
  joinRequests: `${COMMUNITIES_SCHEMA}.join_requests`,
  posts: `${COMMUNITIES_SCHEMA}.posts`,
  postLikes: `${COMMUNITIES_SCHEMA}.post_likes`,
  postShares: `${COMMUNITIES_SCHEMA}.post_shares`,
  comments: `${COMMUNITIES_SCHEMA}.comments`,
} as const;

/** A Postgres unique violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/*
 * Note for the queries: TypeORM answers an UPDATE or DELETE with [rows, count]
 * and any other statement with its rows.
 */
