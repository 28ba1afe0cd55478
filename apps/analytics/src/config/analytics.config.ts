import { z } from 'zod';
import { databaseEnvShape, loadConfig, portVar, serviceEnvSchema, urlVar } from '@wave/config';
import { ANALYTICS_RANGE_DAYS, SERVICE_PORTS } from '@wave/contracts';

const count = (fallback: number, max = 1_000_000) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

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
  INGEST_CONCURRENCY: count(4, 64),
  /** The web server whose pages Auto-SEO reads as a crawler would (its server-rendered heads). */
  WEB_URL: urlVar('http://127.0.0.1:8080', ['http:', 'https:']),
  /** How often Auto-SEO looks for due pages, and how many it analyses in one run. */
  AUTO_SEO_INTERVAL_SECONDS: count(30, 86_400),
  AUTO_SEO_BATCH_SIZE: count(20, 500),
}).refine((env) => env.HOURLY_ROLLUP_RETENTION_DAYS >= MIN_HOURLY_ROLLUP_RETENTION_DAYS, {
  message: `must be at least ${MIN_HOURLY_ROLLUP_RETENTION_DAYS} (the longest range and the period before it)`,
  path: ['HOURLY_ROLLUP_RETENTION_DAYS'],
});

export type AnalyticsConfig = z.infer<typeof analyticsEnvSchema>;
export const ANALYTICS_CONFIG = Symbol('ANALYTICS_CONFIG');
/** The analytics service's own PostgreSQL schema. */
export const ANALYTICS_SCHEMA = 'analytics';

export const loadAnalyticsConfig = (env: Record<string, string | undefined>): AnalyticsConfig =>
  loadConfig(analyticsEnvSchema, env);

/** The only place analytics reads the environment. */
export const analyticsConfigFromEnvironment = (): AnalyticsConfig =>
  loadAnalyticsConfig(process.env);
