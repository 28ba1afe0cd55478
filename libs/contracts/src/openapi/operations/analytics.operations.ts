import { z } from 'zod';
import {
  postViewsQuerySchema,
  recordImpressionsRequestSchema,
  trackPageViewRequestSchema,
  userAnalyticsParamsSchema,
  userAnalyticsQuerySchema,
} from '../../analytics/analytics.contract';
import { seoAnalyzeRequestSchema, seoOptimizeRequestSchema } from '../../analytics/seo.contract';
import type { ApiOperation } from '../api-operation.contract';

/**
 * A sitemap's file name. The service takes any name and answers 404 for one it does not know
 * (`parseSitemapFileName` in apps/analytics): this schema documents the names it knows.
 */
const sitemapFile = z.object({
  file: z.string().regex(/^(?:profiles|posts|communities)-[1-9][0-9]{0,8}\.xml$/),
});
const SEO_LIMIT = 'Past 60 analyses a minute per member';

/** Views, impressions, personal analytics, SEO analysis and the sitemaps. */
export const analyticsOperations = (): ApiOperation[] => [
  {
    operationId: 'trackPageView',
    method: 'POST',
    path: '/api/seo/track',
    service: 'analytics',
    inGateway: true,
    summary: 'Count a page view',
    description:
      'Answered by the gateway, which queues the views for analytics; `url` is a path of this site. Crawlers are counted apart.',
    auth: 'optional',
    body: trackPageViewRequestSchema,
    responses: {
      202: { description: 'Accepted', mediaType: null },
      429: 'Past 600 a minute per address',
    },
  },
  {
    operationId: 'analyzeSeo',
    method: 'POST',
    path: '/api/seo/analyze',
    service: 'analytics',
    summary: 'The SEO analysis of a text',
    description: 'Content as plain text, Markdown or HTML, at most 100,000 characters.',
    auth: 'required',
    body: seoAnalyzeRequestSchema,
    responses: {
      200: '`{seoScore, readabilityScore, contentLength, wordCount, titleLength, descriptionLength, headingCount, imageCount, imagesWithoutAlt, linkCount, keywordDensity, issues, recommendations}`',
      429: SEO_LIMIT,
    },
  },
  {
    operationId: 'optimizeSeo',
    method: 'POST',
    path: '/api/seo/optimize',
    service: 'analytics',
    summary: 'Where and how often target keywords appear',
    auth: 'required',
    body: seoOptimizeRequestSchema,
    responses: {
      200: '`{keywords: [{keyword, count, density, inOpening, inHeading, status}], suggestions}`',
      429: SEO_LIMIT,
    },
  },
  {
    operationId: 'getSeoAnalytics',
    method: 'GET',
    path: '/api/seo/analytics',
    service: 'analytics',
    summary: "The member's own pages as Auto-SEO analysed them",
    auth: 'required',
    responses: {
      200: '`{summary: {totalPageViews, avgSEOScore, totalIssues}, totalPages, analyses: {path: {title, url, seoScore, issues}}}`, the 100 most viewed pages listed',
    },
  },
  {
    operationId: 'getSeoRecommendations',
    method: 'GET',
    path: '/api/seo/recommendations',
    service: 'analytics',
    summary: "What Auto-SEO recommends most across the member's pages",
    auth: 'required',
    responses: { 200: '`{totalAnalyses, topRecommendations: [{recommendation, count}]}`' },
  },
  {
    operationId: 'recordImpressions',
    method: 'POST',
    path: '/api/analytics/impressions',
    service: 'analytics',
    summary: 'Report posts seen',
    description: 'Each viewer counts once per post and day.',
    auth: 'optional',
    body: recordImpressionsRequestSchema,
    responses: {
      202: { description: 'Accepted', mediaType: null },
      429: 'Past 300 a minute per address',
    },
  },
  {
    operationId: 'getUserAnalytics',
    method: 'GET',
    path: '/api/analytics/user/{userId}/{range}',
    service: 'analytics',
    summary: "The member's own analytics over 7, 30 or 90 days",
    description: 'Counted in the time zone `tz` (default UTC).',
    auth: 'required',
    params: userAnalyticsParamsSchema,
    query: userAnalyticsQuerySchema,
    responses: {
      200: '`{overview, topPosts, dailyStats, demographics}`',
      403: "Another member's analytics",
    },
  },
  {
    operationId: 'getPostViews',
    method: 'GET',
    path: '/api/analytics/views',
    service: 'analytics',
    summary: 'View counts of posts',
    description: '1 to 100 post ids, comma-separated.',
    auth: 'none',
    query: postViewsQuerySchema,
    responses: {
      200: '`{views: {id: count}}`: 0 for a post without a counted view, deleted posts left out',
    },
  },
  {
    operationId: 'getSitemapIndex',
    method: 'GET',
    path: '/sitemap.xml',
    service: 'analytics',
    summary: 'The sitemap index',
    description: 'For crawlers, on the public origin.',
    auth: 'none',
    responses: {
      200: { description: 'The sitemaps that list something', mediaType: 'application/xml' },
    },
  },
  {
    operationId: 'getSitemap',
    method: 'GET',
    path: '/sitemaps/{file}',
    service: 'analytics',
    summary: 'A sitemap: profiles, recent posts or public communities',
    description: 'At most 50,000 URLs a file, each with `lastmod`.',
    auth: 'none',
    params: sitemapFile,
    responses: {
      200: { description: 'The sitemap', mediaType: 'application/xml' },
      404: '`No such sitemap`: a file that lists nothing, or another name',
    },
  },
];
