import { z } from 'zod';
import {
  allowsBuiltInSecrets,
  booleanVar,
  databaseEnvShape,
  loadConfig,
  portVar,
  serviceEnvSchema,
  urlVar,
} from '@wave/config';
import { ANALYTICS_RANGE_DAYS, QUEUES, SERVICE_PORTS } from '@wave/contracts';

const count = (fallback: number, max = 1_000_000) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** The most URLs (and sitemaps) one file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** PUBLIC_ORIGIN when it is unset in development and test: where `npm start` serves the site. */
export const DEVELOPMENT_PUBLIC_ORIGIN = 'http://localhost:8080';

/** An http(s) origin and nothing more (a trailing slash is dropped). */
const originVar = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) origin, e.g. https://wave.example' })
  .refine((value) => /^[a-z][a-z0-9+.-]*:\/\/[^/?#@]+\/?$/i.test(value), {
    error: 'must be an origin only (scheme, host and port; no path, query or user)',
  })
  .transform((value) => new URL(value).origin);

/** The longest range the dashboard shows (90 days), and the period before it it compares with. */
const LONGEST_RANGE_DAYS = Math.max(...Object.values(ANALYTICS_RANGE_DAYS));
/** Hourly rollups must cover the longest range and the period before it, plus a day for time zones. */
export const MIN_HOURLY_ROLLUP_RETENTION_DAYS = 2 * LONGEST_RANGE_DAYS + 1;

export const analyticsEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.analytics),
  /** Raw events (page, post views, engagement) are kept this long, in day partitions. */
  RAW_EVENTS_RETENTION_DAYS: count(90, 3650),
  /** Day partitions are created this many days ahead of today. */
  PARTITIONS_AHEAD_DAYS: count(7, 60),
  /** Hourly rollups (per user and per post) are kept this long; daily ones for good. */
  HOURLY_ROLLUP_RETENTION_DAYS: count(200, 3650),
  /** How often the maintenance job runs (partitions ahead, old ones dropped, old ids forgotten). */
  MAINTENANCE_INTERVAL_SECONDS: count(3600),
  /** A batch of page views and impressions is sent after this long, or when it is full. */
  INGEST_BATCH_MS: count(50, 10_000),
  INGEST_BATCH_MAX_VIEWS: count(500, 10_000),
  /** Batches written at once (one transaction each). */
  INGEST_CONCURRENCY: count(QUEUES['analytics-ingest'].concurrency, 64),
  /** The web server whose pages Auto-SEO reads as a crawler would (its server-rendered heads). */
  WEB_URL: urlVar('http://127.0.0.1:8080', ['http:', 'https:']),
  /** How often Auto-SEO looks for due pages, and how many it analyses in one run. */
  AUTO_SEO_INTERVAL_SECONDS: count(30, 86_400),
  AUTO_SEO_BATCH_SIZE: count(20, 500),
  /** Whether this process runs Auto-SEO (the schedule is shared by the replicas that do). */
  AUTO_SEO_ENABLED: booleanVar(true),
  /**
   * The site's public origin (scheme, host, port), which every sitemap URL names. Never a
   * request's Host header; required outside development and test (WEB_URL is where the
   * service reaches the web server, often an internal name).
   */
  PUBLIC_ORIGIN: z.preprocess((value) => (value === '' ? undefined : value), originVar.optional()),
  /** URLs per sitemap file: the protocol allows 50,000 (fewer only for tests). */
  SITEMAP_PAGE_SIZE: count(SITEMAP_MAX_URLS, SITEMAP_MAX_URLS),
  /** The posts sitemap lists the top-level posts of this many days. */
  SITEMAP_POST_DAYS: count(30, 3650),
  /**
   * At start, fill the users and communities projections from identity and communities (over
   * RPC) until done once: members and communities from before analytics heard their events.
   */
  BACKFILL_ON_START: booleanVar(true),
})
  .refine((env) => env.HOURLY_ROLLUP_RETENTION_DAYS >= MIN_HOURLY_ROLLUP_RETENTION_DAYS, {
    message: `must be at least ${MIN_HOURLY_ROLLUP_RETENTION_DAYS} (the longest range and the period before it)`,
    path: ['HOURLY_ROLLUP_RETENTION_DAYS'],
  })
  .refine((env) => env.PUBLIC_ORIGIN !== undefined || allowsBuiltInSecrets(env.NODE_ENV), {
    message: `must be set outside NODE_ENV=development or test (the site's origin, e.g. https://wave.example): sitemaps name it`,
    path: ['PUBLIC_ORIGIN'],
  })
  .transform((env) => ({ ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? DEVELOPMENT_PUBLIC_ORIGIN }));

export type AnalyticsConfig = z.infer<typeof analyticsEnvSchema>;
export const ANALYTICS_CONFIG = Symbol('ANALYTICS_CONFIG');
/** The analytics service's own PostgreSQL schema. */
export const ANALYTICS_SCHEMA = 'analytics';

export const loadAnalyticsConfig = (env: Record<string, string | undefined>): AnalyticsConfig =>
  loadConfig(analyticsEnvSchema, env);
