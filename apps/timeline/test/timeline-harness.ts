import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { Redis as IORedis } from 'ioredis';
import type { Redis } from 'ioredis';
import type { Response as InjectResponse } from 'light-my-request';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  EventName,
  EventPayload,
  FeedItemResponse,
  Page,
  TweetResponse,
} from '@wave/contracts';
import { EventQueues, eventJobOptions } from '@wave/messaging';
import { bullConnection, bullPrefix, REDIS_CLIENT } from '@wave/redis';
import type {
  MediaClaimsStandIn,
  SignedInjectOptions,
  TestDatabase,
  TestRedisNamespace,
} from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  eventually,
  injectSigned,
  startMediaClaimsStandIn,
  uniqueUsername,
} from '@wave/testing';
import type { TimelineConfig } from '../src/config/timeline.config';
import { loadTimelineConfig } from '../src/config/timeline.config';
import type { FanOutOutcome } from '../src/events/timeline-events.worker';
import { FAN_OUT_QUEUE } from '../src/feeds/fan-out.queue';
import { timelineService } from '../src/service';

export interface OutboxRow {
  name: string;
  payload: Record<string, unknown>;
}

/** What a fan-out job reports when it is done. */
export interface FanOutResult {
  delivered: number;
  mergedOnRead: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Waits for events and fan-out (up to 10 s each) fit in a test's time.
jest.setTimeout(30_000);

export { eventually, uniqueUsername };

/**
 * The timeline service in-process against a fresh database and Redis namespace.
 * It learns about users and follows the way it does in production: from events
 * on its `timeline-events` queue, which the harness publishes as the outbox
 * relays of identity would.
 */
export class TimelineHarness {
  app!: NestFastifyApplication;
  config!: TimelineConfig;
  private database!: TestDatabase;
  private redisNamespace!: TestRedisNamespace;
  private media!: MediaClaimsStandIn;
  private events!: EventQueues;
  private fanOutQueue!: Queue;
  /** Without the key prefix, for SCAN. */
  private rawRedis!: Redis;

  async start(label: string, overrides: Partial<Record<string, string>> = {}): Promise<this> {
    this.database = await createTestDatabase(`timeline_${label}`);
    this.redisNamespace = createTestRedisNamespace(`timeline-${label}`);
    this.config = loadTimelineConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redisNamespace.url,
      REDIS_KEY_PREFIX: this.redisNamespace.keyPrefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...overrides,
    });
    await timelineService.migrate(this.config);
    this.media = await startMediaClaimsStandIn(
      this.redisNamespace.url,
      this.redisNamespace.keyPrefix,
    );
    const connection = {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    };
    this.events = new EventQueues(connection);
    this.fanOutQueue = new Queue(FAN_OUT_QUEUE, connection);
    this.rawRedis = new IORedis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.app = await timelineService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
    return this;
  }

  /** The claims media was asked for. */
  get claims() {
    return this.media.claims;
  }

  /** The claims media holds: made and not given back. */
  heldClaims() {
    return this.media.held();
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.fanOutQueue?.close();
    this.rawRedis?.disconnect();
    await this.app?.close();
    await this.media?.close();
    await this.database?.drop();
    await this.redisNamespace?.cleanup();
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  /** The app's Redis client: keys are given without the namespace prefix. */
  get redis(): Redis {
    return this.app.get<Redis>(REDIS_CLIENT);
  }

  /**
   * The key of the reader's cached home timeline (`timeline:home:…<userId>…`,
   * without the namespace prefix), or null when it is not cached.
   */
  async homeTimelineKey(userId: string): Promise<string | null> {
    const prefix = this.config.REDIS_KEY_PREFIX;
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.rawRedis.scan(
        cursor,
        'MATCH',
        `${prefix}timeline:home:*${userId}*`,
        'COUNT',
        1000,
      );
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length > 1) throw new Error(`several home timelines for ${userId}: ${keys.join()}`);
    return keys[0]?.slice(prefix.length) ?? null;
  }

  /** The members of the reader's cached home timeline, oldest first ([] when not cached). */
  async cachedTimeline(userId: string): Promise<string[]> {
    const key = await this.homeTimelineKey(userId);
    return key ? this.redis.zrange(key, 0, -1) : [];
  }

  /** Deletes the reader's cached home timeline, as if Redis had lost it; true when there was one. */
  async loseCachedTimeline(userId: string): Promise<boolean> {
    const key = await this.homeTimelineKey(userId);
    return key !== null && (await this.redis.del(key)) === 1;
  }

  call(method: Method, url: string, options: SignedInjectOptions = {}): Promise<InjectResponse> {
    return injectSigned(this.app, this.config.INTERNAL_AUTH_SECRET, method, url, options);
  }

  /**
   * Publishes an event on timeline's queue as the outbox relay does, and
   * returns once the service has handled it.
   */
  async publish<E extends EventName>(name: E, payload: EventPayload<E>): Promise<void> {
    const eventId = uuidv7();
    const queue = this.events.get('timeline');
    await queue.add(
      name,
      { eventId, name, occurredAt: new Date().toISOString(), payload },
      eventJobOptions('timeline', eventId),
    );
    await this.jobDone(queue, eventId, `${name} ${eventId}`);
  }

  /** A user as identity announces it (user.registered); returns the id once timeline knows it. */
  async user(username = uniqueUsername('user')): Promise<string> {
    const userId = uuidv7();
    await this.publish('user.registered', {
      userId,
      username,
      displayName: `${username} display`,
      profileImageUrl: null,
      verified: false,
      version: 1,
      createdAt: new Date().toISOString(),
    });
    await eventually(
      () => this.count(`SELECT count(*)::int AS n FROM timeline.authors WHERE id = $1`, [userId]),
      (n) => n === 1,
      { what: `author ${username}` },
    );
    return userId;
  }

  async follow(followerId: string, followeeId: string): Promise<void> {
    await this.publish('follow.created', {
      followerId,
      followeeId,
      createdAt: new Date().toISOString(),
    });
    await this.waitForFollow(followerId, followeeId, 1);
  }

  async unfollow(followerId: string, followeeId: string): Promise<void> {
    await this.publish('follow.deleted', {
      followerId,
      followeeId,
      deletedAt: new Date().toISOString(),
    });
    await this.waitForFollow(followerId, followeeId, 0);
  }

  /** POST /api/tweets; fails the test unless it is created. */
  async post(userId: string, content: string, extra: Record<string, unknown> = {}) {
    const response = await this.call('POST', '/api/tweets', {
      as: userId,
      body: { content, ...extra },
    });
    if (response.statusCode !== 201)
      throw new Error(`post: ${response.statusCode} ${response.body}`);
    return response.json<TweetResponse>();
  }

  /**
   * Waits until the post (or, with `retweeterId`, the retweet) has been fanned out: commit →
   * outbox relay → timeline-events → Redis, through a fan-out job when the audience is large.
   */
  async waitForFanOut(tweetId: string, retweeterId?: string): Promise<FanOutResult> {
    const outcome = await this.fanOutOutcome(tweetId, retweeterId);
    if (outcome === null) throw new Error(`${tweetId} is a reply: replies are not fanned out`);
    if (!('queued' in outcome)) return outcome;
    const what = retweeterId ? `retweet ${tweetId} by ${retweeterId}` : `post ${tweetId}`;
    return this.jobDone<FanOutResult>(this.fanOutQueue, outcome.queued, `fan-out ${what}`);
  }

  /** What the post's (or retweet's) event did about its fan-out, once it was handled. */
  async fanOutOutcome(tweetId: string, retweeterId?: string): Promise<FanOutOutcome | null> {
    return this.ownEventHandled<FanOutOutcome | null>(
      retweeterId ? 'retweet.created' : 'tweet.created',
      retweeterId ? { tweetId, userId: retweeterId } : { tweetId },
    );
  }

  /**
   * Waits until timeline has handled the latest of its own events of this name whose payload has
   * these values (written to its outbox by a write, relayed to its queue), and returns what the
   * handler returned.
   */
  async ownEventHandled<T = unknown>(name: EventName, match: Record<string, string>): Promise<T> {
    const what = `the ${name} event of ${JSON.stringify(match)}`;
    const [event] = await eventually(
      (): Promise<{ event_id: string }[]> =>
        this.dataSource.query(
          `SELECT event_id FROM timeline.outbox WHERE name = $1 AND payload @> $2::jsonb
           ORDER BY id DESC LIMIT 1`,
          [name, JSON.stringify(match)],
        ),
      (rows) => rows.length > 0,
      { what },
    );
    return this.jobDone<T>(this.events.get('timeline'), event!.event_id, what);
  }

  /** The fan-out job of that id, if there is one. */
  fanOutJob(jobId: string) {
    return this.fanOutQueue.getJob(jobId);
  }

  /** One page of the home timeline (member) or the public timeline (visitor). */
  async feed(as: string | null, query = ''): Promise<Page<FeedItemResponse>> {
    const response = await this.call('GET', `/api/tweets${query}`, { as });
    if (response.statusCode !== 200)
      throw new Error(`feed: ${response.statusCode} ${response.body}`);
    return response.json<Page<FeedItemResponse>>();
  }

  /** Every page of a list, following nextCursor. */
  async allPages<T>(
    as: string | null,
    path: string,
    limit: number,
  ): Promise<{ items: T[]; pages: number }> {
    const items: T[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await this.call('GET', url, { as });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      const page = response.json<Page<T>>();
      items.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
      if (pages > 100) throw new Error(`${path}: too many pages`);
    } while (cursor);
    return { items, pages };
  }

  /** The outbox rows about a tweet (any event carrying its id), oldest first. */
  outboxFor(tweetId: string): Promise<OutboxRow[]> {
    return this.dataSource.query(
      `SELECT name, payload FROM timeline.outbox WHERE payload->>'tweetId' = $1 ORDER BY id`,
      [tweetId],
    );
  }

  async count(sql: string, parameters: unknown[] = []): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(sql, parameters);
    return rows[0]?.n ?? 0;
  }

  private waitForFollow(followerId: string, followeeId: string, expected: number): Promise<number> {
    return eventually(
      () =>
        this.count(
          `SELECT count(*)::int AS n FROM timeline.follows WHERE follower_id = $1 AND followee_id = $2`,
          [followerId, followeeId],
        ),
      (n) => n === expected,
      { what: `follow ${followerId} → ${followeeId} = ${expected}` },
    );
  }

  /** Resolves with the job's result once it completed; fails fast when it failed for good. */
  private async jobDone<T = unknown>(queue: Queue, jobId: string, what: string): Promise<T> {
    await eventually(
      async () => {
        const state = await queue.getJobState(jobId);
        if (state === 'failed') {
          const job = await queue.getJob(jobId);
          throw new Error(`${what} failed: ${job?.failedReason ?? '?'}`);
        }
        return state;
      },
      (state) => state === 'completed',
      { what },
    );
    const job = await queue.getJob(jobId);
    return job?.returnvalue as T;
  }
}
