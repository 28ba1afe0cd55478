import type { z } from 'zod';
import {
  changeMemberRoleRequestSchema,
  createCommentRequestSchema,
  createCommunityPostRequestSchema,
  createCommunityRequestSchema,
  createTweetRequestSchema,
  imageProxyQuerySchema,
  linkPreviewRequestSchema,
  listCommunitiesQuerySchema,
  loginRequestSchema,
  pageQuerySchema,
  postViewsQuerySchema,
  recommendationFeedbackRequestSchema,
  recommendationsQuerySchema,
  recordImpressionsRequestSchema,
  registerRequestSchema,
  replyRequestSchema,
  searchAnalyticsRequestSchema,
  searchQuerySchema,
  seoAnalyzeRequestSchema,
  seoOptimizeRequestSchema,
  trackPageViewRequestSchema,
  trendsQuerySchema,
  updateCommunityRequestSchema,
  updateProfileImageRequestSchema,
  updateProfileRequestSchema,
  updateTweetRequestSchema,
  uploadUrlQuerySchema,
  userAnalyticsQuerySchema,
} from '@wave/contracts';

/** What a path parameter names, so the fuzzer can also send one that exists. */
export type ParamKind =
  | 'tweet'
  | 'community'
  | 'post'
  | 'user'
  | 'userOrUsername'
  | 'upload'
  | 'analyticsRange'
  | 'sitemapFile';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface FuzzTarget {
  method: HttpMethod;
  /** The route as its controller declares it, with `:name` parameters. */
  path: string;
  params?: Record<string, ParamKind>;
  query?: z.ZodType;
  /** A JSON body described by a contract, raw bytes (uploads), or none. */
  body?: z.ZodType | 'bytes';
  /**
   * Sign-in and sign-out change the session they are sent with: the fuzzer
   * gives them a session of their own, never the one the other cases use.
   */
  ownSession?: boolean;
  /** Requests that once broke this route: every run sends them first. */
  regressions?: Regression[];
}

/** A request that once broke a route (`:name` parameters are filled with real ids). */
export interface Regression {
  url?: string;
  asMember: boolean;
  json?: unknown;
  /** A body sent as it is, as JSON. */
  rawJson?: string;
}

/** Text with U+0000 in it (PostgreSQL refuses it). */
const NUL = 'a\u0000b';

const pageParams = pageQuerySchema;

/**
 * Every public route, as the services declare them. `route-coverage.e2e-spec.ts`
 * fails when a controller declares a route that is missing here (or this names
 * one that no longer exists), so a new route cannot ship without a fuzz target.
 */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  // gateway
  { method: 'GET', path: '/api/health' },
  // identity
  { method: 'POST', path: '/api/register', body: registerRequestSchema, ownSession: true },
  {
    method: 'POST',
    path: '/api/login',
    body: loginRequestSchema,
    ownSession: true,
    regressions: [
      // The gateway reads sign-in bodies to count them; a falsy one was never sent on (502).
      { asMember: false, rawJson: 'false' },
      { asMember: false, rawJson: '0' },
      { asMember: false, rawJson: 'null' },
      { asMember: false, json: { email: `${NUL}@example.test`, password: 'whatever1' } },
      { asMember: false, json: { email: 'ada@example.test', password: NUL } },
    ],
  },
  { method: 'POST', path: '/api/logout', ownSession: true },
  { method: 'GET', path: '/api/user' },
  {
    method: 'PUT',
    path: '/api/users/profile',
    body: updateProfileRequestSchema,
    regressions: [
      { asMember: true, json: { bio: NUL } },
      { asMember: true, json: { displayName: NUL } },
    ],
  },
  { method: 'PUT', path: '/api/users/profile/images', body: updateProfileImageRequestSchema },
  {
    method: 'GET',
    path: '/api/users/:idOrUsername',
    params: { idOrUsername: 'userOrUsername' },
    regressions: [{ asMember: false, url: '/api/users/%00' }],
  },
  { method: 'POST', path: '/api/users/:id/follow', params: { id: 'user' } },
  { method: 'DELETE', path: '/api/users/:id/follow', params: { id: 'user' } },
  {
    method: 'GET',
    path: '/api/users/:idOrUsername/followers',
    params: { idOrUsername: 'userOrUsername' },
    query: pageParams,
  },
  {
    method: 'GET',
    path: '/api/users/:idOrUsername/following',
    params: { idOrUsername: 'userOrUsername' },
    query: pageParams,
  },
  // timeline
  { method: 'GET', path: '/api/tweets', query: pageParams },
  {
    method: 'POST',
    path: '/api/tweets',
    body: createTweetRequestSchema,
    regressions: [
      { asMember: true, json: { content: NUL } },
      // Lowercased, the tag was 200 code points: too long for its column.
      { asMember: true, json: { content: `#${'İ'.repeat(100)}` } },
    ],
  },
  { method: 'DELETE', path: '/api/tweets/pin' },
  {
    method: 'GET',
    path: '/api/tweets/:id',
    params: { id: 'tweet' },
    regressions: [{ asMember: false, url: '/api/tweets/%00' }],
  },
  {
    method: 'PUT',
    path: '/api/tweets/:id',
    params: { id: 'tweet' },
    body: updateTweetRequestSchema,
    regressions: [{ asMember: true, json: { content: NUL } }],
  },
  { method: 'DELETE', path: '/api/tweets/:id', params: { id: 'tweet' } },
  { method: 'POST', path: '/api/tweets/:id/like', params: { id: 'tweet' } },
  { method: 'DELETE', path: '/api/tweets/:id/like', params: { id: 'tweet' } },
  { method: 'POST', path: '/api/tweets/:id/retweet', params: { id: 'tweet' } },
  { method: 'DELETE', path: '/api/tweets/:id/retweet', params: { id: 'tweet' } },
  {
    method: 'POST',
    path: '/api/tweets/:id/reply',
    params: { id: 'tweet' },
    body: replyRequestSchema,
    regressions: [{ asMember: true, json: { content: NUL } }],
  },
  {
    method: 'GET',
    path: '/api/tweets/:id/replies',
    params: { id: 'tweet' },
    query: pageParams,
  },
  { method: 'POST', path: '/api/tweets/:id/pin', params: { id: 'tweet' } },
  {
    method: 'GET',
    path: '/api/users/:idOrUsername/tweets',
    params: { idOrUsername: 'userOrUsername' },
    query: pageParams,
  },
  { method: 'POST', path: '/api/link-preview', body: linkPreviewRequestSchema },
  { method: 'GET', path: '/api/image-proxy', query: imageProxyQuerySchema },
  // communities
  {
    method: 'GET',
    path: '/api/communities',
    query: listCommunitiesQuerySchema.and(pageQuerySchema),
    regressions: [{ asMember: false, url: '/api/communities?search=%00' }],
  },
  {
    method: 'POST',
    path: '/api/communities',
    body: createCommunityRequestSchema,
    regressions: [{ asMember: true, json: { name: NUL, category: 'Technology' } }],
  },
  { method: 'GET', path: '/api/communities/my-communities', query: pageParams },
  { method: 'GET', path: '/api/communities/:id', params: { id: 'community' } },
  {
    method: 'PUT',
    path: '/api/communities/:id',
    params: { id: 'community' },
    body: updateCommunityRequestSchema,
  },
  {
    method: 'GET',
    path: '/api/communities/:id/posts',
    params: { id: 'community' },
    query: pageParams,
  },
  {
    method: 'POST',
    path: '/api/communities/:id/posts',
    params: { id: 'community' },
    body: createCommunityPostRequestSchema,
    regressions: [{ asMember: true, json: { content: NUL } }],
  },
  { method: 'POST', path: '/api/communities/:id/join', params: { id: 'community' } },
  { method: 'DELETE', path: '/api/communities/:id/leave', params: { id: 'community' } },
  {
    method: 'GET',
    path: '/api/communities/:id/members',
    params: { id: 'community' },
    query: pageParams,
  },
  {
    method: 'PUT',
    path: '/api/communities/:id/members/:userId/role',
    params: { id: 'community', userId: 'user' },
    body: changeMemberRoleRequestSchema,
  },
  {
    method: 'DELETE',
    path: '/api/communities/:id/members/:userId',
    params: { id: 'community', userId: 'user' },
  },
  {
    method: 'GET',
    path: '/api/communities/:id/requests',
    params: { id: 'community' },
    query: pageParams,
  },
  {
    method: 'POST',
    path: '/api/communities/:id/requests/:userId/approve',
    params: { id: 'community', userId: 'user' },
  },
  {
    method: 'DELETE',
    path: '/api/communities/:id/requests/:userId',
    params: { id: 'community', userId: 'user' },
  },
  { method: 'GET', path: '/api/posts/:id', params: { id: 'post' } },
  { method: 'DELETE', path: '/api/posts/:id', params: { id: 'post' } },
  { method: 'POST', path: '/api/posts/:id/like', params: { id: 'post' } },
  { method: 'DELETE', path: '/api/posts/:id/like', params: { id: 'post' } },
  { method: 'POST', path: '/api/posts/:id/share', params: { id: 'post' } },
  { method: 'GET', path: '/api/posts/:id/comments', params: { id: 'post' }, query: pageParams },
  {
    method: 'POST',
    path: '/api/posts/:id/comments',
    params: { id: 'post' },
    body: createCommentRequestSchema,
    regressions: [{ asMember: true, json: { content: NUL } }],
  },
  // search
  {
    method: 'GET',
    path: '/api/search',
    query: searchQuerySchema,
    regressions: [{ asMember: false, url: '/api/search?q=%00' }],
  },
  {
    method: 'POST',
    path: '/api/search/analytics',
    body: searchAnalyticsRequestSchema,
    regressions: [{ asMember: false, json: { query: NUL, resultId: 'x', resultType: 'user' } }],
  },
  { method: 'GET', path: '/api/trends', query: trendsQuerySchema },
  // media
  { method: 'POST', path: '/api/objects/upload' },
  {
    method: 'PUT',
    path: '/objects/uploads/:id',
    params: { id: 'upload' },
    query: uploadUrlQuerySchema,
    body: 'bytes',
  },
  { method: 'GET', path: '/objects/uploads/:id', params: { id: 'upload' } },
  { method: 'GET', path: '/objects/uploads/:id/display', params: { id: 'upload' } },
  // recommendations
  { method: 'GET', path: '/api/ai/recommendations', query: recommendationsQuerySchema },
  { method: 'POST', path: '/api/ai/feedback', body: recommendationFeedbackRequestSchema },
  // analytics
  {
    method: 'POST',
    path: '/api/seo/track',
    body: trackPageViewRequestSchema,
    regressions: [{ asMember: false, json: { url: `/${NUL}`, userAgent: NUL } }],
  },
  { method: 'POST', path: '/api/seo/analyze', body: seoAnalyzeRequestSchema },
  { method: 'POST', path: '/api/seo/optimize', body: seoOptimizeRequestSchema },
  { method: 'GET', path: '/api/seo/analytics' },
  { method: 'GET', path: '/api/seo/recommendations' },
  { method: 'GET', path: '/sitemap.xml' },
  { method: 'GET', path: '/sitemaps/:file', params: { file: 'sitemapFile' } },
  { method: 'POST', path: '/api/analytics/impressions', body: recordImpressionsRequestSchema },
  {
    method: 'GET',
    path: '/api/analytics/user/:userId/:range',
    params: { userId: 'user', range: 'analyticsRange' },
    query: userAnalyticsQuerySchema,
  },
  {
    method: 'GET',
    path: '/api/analytics/views',
    query: postViewsQuerySchema,
    regressions: [
      { asMember: false, url: `/api/analytics/views?ids=${encodeURIComponent(NUL)}` },
      { asMember: false, url: '/api/analytics/views?ids=,,,' },
    ],
  },
];

export const targetName = (target: FuzzTarget): string => `${target.method} ${target.path}`;
