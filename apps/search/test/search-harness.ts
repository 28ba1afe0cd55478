import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Job } from 'bullmq';
import type { Response as InjectResponse } from 'light-my-request';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { EventName, EventPayload, SearchResult } from '@wave/contracts';
import { EventQueues } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { SignedInjectOptions, TestDatabase, TestRedisNamespace } from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  injectSigned,
  publishEvent,
  uniqueUsername,
} from '@wave/testing';
import type { SearchConfig } from '../src/config/search.config';
import { loadSearchConfig } from '../src/config/search.config';
import { searchService } from '../src/service';

jest.setTimeout(30_000);

export { uniqueUsername };

/**
 * The search service in-process against a fresh database and Redis namespace.
 * It hears of users, follows and posts as in production: from events on its
 * `search-events` queue, which the harness publishes as the owners' relays would.
 */
export class SearchHarness {
  app!: NestFastifyApplication;
  config!: SearchConfig;
  private database!: TestDatabase;
  private redis!: TestRedisNamespace;
  private events!: EventQueues;

  async start(label: string): Promise<this> {
    this.database = await createTestDatabase(`search_${label}`);
    this.redis = createTestRedisNamespace(`search-${label}`);
    this.config = loadSearchConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redis.url,
      REDIS_KEY_PREFIX: this.redis.keyPrefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    await searchService.migrate(this.config);
    this.events = new EventQueues({
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    });
    this.app = await searchService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
    return this;
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.app?.close();
    await this.database?.drop();
    await this.redis?.cleanup();
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  call(
    method: 'GET' | 'POST',
    url: string,
    options: SignedInjectOptions = {},
  ): Promise<InjectResponse> {
    // Signed as a visitor unless told otherwise (an unsigned call is refused).
    return injectSigned(this.app, this.config.INTERNAL_AUTH_SECRET, method, url, {
      as: null,
      ...options,
    });
  }

  async search(query: string): Promise<SearchResult[]> {
    const response = await this.call('GET', `/api/search?${query}`);
    if (response.statusCode !== 200)
      throw new Error(`search ${query}: ${response.statusCode} ${response.body}`);
    return response.json<SearchResult[]>();
  }

  /** Publishes an event as a relay would and returns the job once it completed. */
  publish<E extends EventName>(
    name: E,
    payload: EventPayload<E>,
    timeoutMs = 10_000,
  ): Promise<Job> {
    return publishEvent(this.events, 'search', name, payload, timeoutMs);
  }

  async user(
    username = uniqueUsername('user'),
    extra: { displayName?: string; verified?: boolean; version?: number; id?: string } = {},
  ): Promise<string> {
    const userId = extra.id ?? uuidv7();
    await this.publish('user.registered', {
      userId,
      username,
      displayName: extra.displayName ?? `${username} display`,
      profileImageUrl: null,
      verified: extra.verified ?? false,
      version: extra.version ?? 1,
      createdAt: new Date().toISOString(),
    });
    return userId;
  }

  async post(
    authorId: string,
    content: string,
    options: { hashtags?: string[]; createdAt?: Date; id?: string } = {},
  ): Promise<string> {
    const tweetId = options.id ?? uuidv7();
    await this.publish('tweet.created', {
      tweetId,
      authorId,
      content,
      hashtags:
        options.hashtags ?? [...content.matchAll(/#(\w+)/g)].map((m) => (m[1] ?? '').toLowerCase()),
      mentions: [],
      imageUrls: [],
      parentId: null,
      createdAt: (options.createdAt ?? new Date()).toISOString(),
    });
    return tweetId;
  }
}
