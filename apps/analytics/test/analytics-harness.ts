import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Job } from 'bullmq';
import { Queue } from 'bullmq';
import type { Response as InjectResponse } from 'light-my-request';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { INGEST_QUEUE, pageViewRecord } from '@wave/analytics-ingest';
import type { EventName, EventPayload, UserAnalyticsResponse } from '@wave/contracts';
import { trackPageViewRequestSchema } from '@wave/contracts';
import { EventQueues } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import type {
  HttpMethod,
  SignedInjectOptions,
  TestDatabase,
  TestRedisNamespace,
} from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  eventually,
  injectSigned,
  publishEvent,
} from '@wave/testing';
import type { AnalyticsConfig } from '../src/config/analytics.config';
import { loadAnalyticsConfig } from '../src/config/analytics.config';
import { ViewBatcher } from '../src/ingest/view-batcher';
import { analyticsService } from '../src/service';

jest.setTimeout(30_000);

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/**
 * The analytics service in-process against a fresh database and Redis
 * namespace. It hears of posts, likes and follows as in production: from
 * events on its `analytics-events` queue, which the harness publishes as the
 * owners' relays would; page views and impressions go through its HTTP routes,
 * signed as the gateway would sign them.
 */
export class AnalyticsHarness {
  app!: NestFastifyApplication;
  config!: AnalyticsConfig;
  database!: TestDatabase;
  redis!: TestRedisNamespace;
  events!: EventQueues;
  ingestQueue!: Queue;

  /** Migrates and, unless told not to, starts the app (`startApp` starts it later). */
  async start(
    label: string,
    env: Record<string, string> = {},
    options: { app?: boolean } = {},
  ): Promise<this> {
    this.database = await createTestDatabase(`analytics_${label}`);
    this.redis = createTestRedisNamespace(`analytics-${label}`);
    this.config = loadAnalyticsConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redis.url,
      REDIS_KEY_PREFIX: this.redis.keyPrefix,
      LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
      NODE_ENV: 'test',
      // Fewer day partitions to create for every test file.
      RAW_EVENTS_RETENTION_DAYS: '3',
      INGEST_BATCH_MS: '20',
      // No identity nor communities to read from (backfill.spec.ts stands in for them).
      BACKFILL_ON_START: 'false',
      ...env,
    });
    await analyticsService.migrate(this.config);
    const connection = {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    };
    this.events = new EventQueues(connection);
    this.ingestQueue = new Queue(INGEST_QUEUE, connection);
    if (options.app !== false) await this.startApp();
    return this;
  }

  async startApp(): Promise<void> {
    this.app = await analyticsService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.ingestQueue?.close();
    await this.app?.close();
    await this.database?.drop();
    await this.redis?.cleanup();
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  call(
    method: HttpMethod,
    url: string,
    options: SignedInjectOptions = {},
  ): Promise<InjectResponse> {
    return injectSigned(this.app, this.config.INTERNAL_AUTH_SECRET, method, url, {
      as: null,
      ...options,
    });
  }

  /**
   * A page view as the gateway sends it (it answers `POST /api/seo/track` itself and batches
   * the views into `analytics-ingest`): the body the contract takes, made into the record the
   * gateway makes, into the service's own batcher. `headerUserAgent` is the request's
   * User-Agent header (the body's by default).
   */
  track(
    url: string,
    viewer: {
      as?: string | null;
      visitor?: string;
      userAgent?: string;
      headerUserAgent?: string;
    } = {},
  ): void {
    const body = trackPageViewRequestSchema.parse({ url, userAgent: viewer.userAgent ?? BROWSER });
    this.app.get(ViewBatcher).push(
      pageViewRecord(body, {
        userId: viewer.as ?? null,
        visitor: viewer.visitor ?? null,
        userAgent: viewer.headerUserAgent ?? viewer.userAgent ?? BROWSER,
      }),
    );
  }

  impressions(
    tweetIds: string[],
    viewer: { as?: string | null; visitor?: string; userAgent?: string } = {},
  ): Promise<InjectResponse> {
    return this.call('POST', '/api/analytics/impressions', {
      as: viewer.as ?? null,
      body: { tweetIds },
      headers: {
        ...(viewer.visitor ? { 'x-wave-visitor': viewer.visitor } : {}),
        'user-agent': viewer.userAgent ?? BROWSER,
      },
    });
  }

  /** Sends the views buffered now and waits until every batch sent so far was written. */
  async settleViews(): Promise<void> {
    await this.app.get(ViewBatcher).drain();
    await eventually(
      () => this.ingestQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
      (counts) => Object.values(counts).every((n) => n === 0),
      { what: 'the ingest queue to drain' },
    );
  }

  async analytics(userId: string, range = '7d', tz = 'UTC'): Promise<UserAnalyticsResponse> {
    const response = await this.call(
      'GET',
      `/api/analytics/user/${userId}/${range}?tz=${encodeURIComponent(tz)}`,
      {
        as: userId,
      },
    );
    if (response.statusCode !== 200) {
      throw new Error(`analytics: ${response.statusCode} ${response.body}`);
    }
    return response.json<UserAnalyticsResponse>();
  }

  /** Publishes an event as a relay would and returns the job once it completed. */
  publish<E extends EventName>(name: E, payload: EventPayload<E>): Promise<Job> {
    return publishEvent(this.events, 'analytics', name, payload);
  }

  async post(
    authorId: string,
    options: { content?: string; hashtags?: string[]; createdAt?: Date; id?: string } = {},
  ): Promise<string> {
    const tweetId = options.id ?? uuidv7();
    await this.publish('tweet.created', {
      tweetId,
      authorId,
      content: options.content ?? `A post ${tweetId}`,
      hashtags: options.hashtags ?? [],
      mentions: [],
      imageUrls: [],
      parentId: null,
      createdAt: (options.createdAt ?? new Date()).toISOString(),
    });
    return tweetId;
  }

  like(tweetId: string, authorId: string, at = new Date(), userId = uuidv7()): Promise<Job> {
    return this.publish('like.created', { tweetId, authorId, userId, at: at.toISOString() });
  }

  reply(parentId: string, parentAuthorId: string, at = new Date()): Promise<Job> {
    return this.publish('reply.created', {
      tweetId: uuidv7(),
      parentId,
      parentAuthorId,
      authorId: uuidv7(),
      createdAt: at.toISOString(),
    });
  }

  follow(followeeId: string, at = new Date(), followerId = uuidv7()): Promise<Job> {
    return this.publish('follow.created', { followerId, followeeId, createdAt: at.toISOString() });
  }

  unfollow(followeeId: string, followerId: string, at = new Date()): Promise<Job> {
    return this.publish('follow.deleted', { followerId, followeeId, deletedAt: at.toISOString() });
  }
}

/** A visitor key as the gateway makes them (32 hex characters). */
export const visitorKey = (n: number): string => n.toString(16).padStart(32, '0');

/**
 * A page as the web server renders its head for crawlers (page-meta): its title, description
 * and canonical link, and `head` (JSON-LD, a robots meta), for stand-ins of the web server.
 */
export const crawlerPage = (title: string, description: string, canonical: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title>` +
  `<meta name="description" content="${description}" />${head}` +
  `<link rel="canonical" href="${canonical}" /></head><body><div id="root"></div></body></html>`;

/** A page's structured data, as page-meta writes it into the head. */
export const jsonLdScript = (data: object): string =>
  `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
