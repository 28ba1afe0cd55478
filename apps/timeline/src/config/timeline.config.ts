import { z } from 'zod';
import {
  databaseEnvShape,
  listVar,
  loadConfig,
  portVar,
  serviceEnvSchema,
  urlVar,
} from '@wave/config';
import { QUEUES, SERVICE_PORTS } from '@wave/contracts';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const timelineEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.timeline),
  /** Where inline images (data URLs) are uploaded to. */
  MEDIA_URL: urlVar(`http://127.0.0.1:${SERVICE_PORTS.media}`, ['http:', 'https:']),
  /** Entries kept in each cached home timeline (older ones come from Postgres). */
  TIMELINE_MAX_LENGTH: count(500),
  /** A home timeline nobody reads expires after this (rebuilt on the next read). */
  TIMELINE_TTL_SECONDS: count(7 * 24 * 3600),
  /** Authors with more followers are merged into timelines at read time, not fanned out. */
  FANOUT_MAX_FOLLOWERS: count(20_000),
  FANOUT_BATCH_SIZE: count(1_000),
  FANOUT_CONCURRENCY: count(QUEUES['timeline-fanout'].concurrency),
  /**
   * How long the tweet cache keeps a tweet's, an author's or a member's flags after writing
   * them (reads do not extend it): also the longest a write lost between commit and cache
   * (a crash, Redis down) can leave a stale value.
   */
  TWEET_CACHE_TTL_SECONDS: count(600),
  /** A member's likes (and retweets) cached with their flags: the most recent this many of each. */
  TWEET_CACHE_RELATIONS_LIMIT: count(1_000),
  /**
   * Memory each process gives the feed JSON it keeps rendered (per post, as of the post's and its
   * author's versions), least recently used out first: about 1 KB for a short post, up to 15 KB
   * for one with a long link preview.
   */
  FEED_JSON_CACHE_MAX_BYTES: count(32 * 1024 * 1024),
  /** Largest request body: a post with an inline 25 MB image as a data URL. */
  TWEET_BODY_LIMIT_BYTES: count(36 * 1024 * 1024),
  /**
   * host:port pairs that link previews and the image proxy may reach even though
   * they are private (tests point them at a local server). Refused in production.
   */
  OUTBOUND_ALLOWLIST: listVar([]),
}).refine((config) => config.NODE_ENV !== 'production' || config.OUTBOUND_ALLOWLIST.length === 0, {
  message: 'OUTBOUND_ALLOWLIST is for tests only and cannot be set in production',
  path: ['OUTBOUND_ALLOWLIST'],
});

export type TimelineConfig = z.infer<typeof timelineEnvSchema>;
export const TIMELINE_CONFIG = Symbol('TIMELINE_CONFIG');
/** Timeline's own PostgreSQL schema. */
export const TIMELINE_SCHEMA = 'timeline';

export const loadTimelineConfig = (env: Record<string, string | undefined>): TimelineConfig =>
  loadConfig(timelineEnvSchema, env);
