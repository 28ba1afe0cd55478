import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  CommunityDetailResponse,
  CommunityPostResponse,
  EventName,
  EventPayload,
} from '@wave/contracts';
import { EventQueues } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import type {
  HttpMethod,
  MediaClaimsStandIn,
  SignedInjectOptions,
  TestDatabase,
  TestRedisNamespace,
} from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  injectSigned,
  publishEvent,
  startMediaClaimsStandIn,
  uniqueUsername,
} from '@wave/testing';
import type { CommunitiesConfig } from '../src/config/communities.config';
import { loadCommunitiesConfig } from '../src/config/communities.config';
import { communitiesService } from '../src/service';

jest.setTimeout(30_000);

export { uniqueUsername };

export interface OutboxRow {
  name: string;
  payload: Record<string, unknown>;
}

/**
 * The communities service in-process against a fresh database and Redis
 * namespace. It learns about users as in production: from user.* events on its
 * `communities-events` queue, which the harness publishes as identity's relay would.
 * Media's claim call is answered by a stand-in.
 */
export class CommunitiesHarness {
  app!: NestFastifyApplication;
  config!: CommunitiesConfig;
  private database!: TestDatabase;
  private redisNamespace!: TestRedisNamespace;
  private media!: MediaClaimsStandIn;
  private events!: EventQueues;

  async start(label: string): Promise<this> {
    this.database = await createTestDatabase(`communities_${label}`);
    this.redisNamespace = createTestRedisNamespace(`communities-${label}`);
    this.config = loadCommunitiesConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redisNamespace.url,
      REDIS_KEY_PREFIX: this.redisNamespace.keyPrefix,
      LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
      NODE_ENV: 'test',
    });
    await communitiesService.migrate(this.config);
    this.media = await startMediaClaimsStandIn(
      this.redisNamespace.url,
      this.redisNamespace.keyPrefix,
    );
    this.events = new EventQueues({
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    });
    this.app = await communitiesService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
    return this;
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.app?.close();
    await this.media?.close();
    await this.database?.drop();
    await this.redisNamespace?.cleanup();
  }

  /** The claims media was asked for. */
  get claims() {
    return this.media.claims;
  }

  /** The claims media holds: made and not given back. */
  heldClaims() {
    return this.media.held();
  }

  /** Keeps the next claim call waiting until `answer()`, to act while it is in flight. */
  pauseNextClaim() {
    return this.media.pauseNextClaim();
  }

  /** Whether media was asked to claim the path, or holds a claim on it. */
  everClaimed(objectPath: string): boolean {
    return this.claims.some((claim) => claim.objectPaths.includes(objectPath));
  }

  holds(objectPath: string): boolean {
    return this.heldClaims().some((claim) => claim.objectPath === objectPath);
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  call(
    method: HttpMethod,
    url: string,
    options: SignedInjectOptions = {},
  ): Promise<InjectResponse> {
    return injectSigned(this.app, this.config.INTERNAL_AUTH_SECRET, method, url, options);
  }

  /** Calls and fails the test unless the status is the expected one; returns the body. */
  async ok<T>(
    method: HttpMethod,
    url: string,
    as: string | null,
    body?: unknown,
    status = method === 'POST' ? 201 : 200,
  ): Promise<T> {
    const response = await this.call(method, url, { as, body });
    if (response.statusCode !== status)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  }

  /** Publishes an event on the service's queue and returns once it was handled. */
  async publish<E extends EventName>(name: E, payload: EventPayload<E>): Promise<void> {
    await publishEvent(this.events, 'communities', name, payload);
  }

  /** A user as identity announces it; returns the id once the service knows it. */
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
    return userId;
  }

  /** Creates a community owned by `ownerId` with a unique name. */
  community(
    ownerId: string,
    overrides: Record<string, unknown> = {},
  ): Promise<CommunityDetailResponse> {
    return this.ok<CommunityDetailResponse>('POST', '/api/communities', ownerId, {
      name: uniqueUsername('Community'),
      description: 'A place to talk',
      category: 'Technology',
      ...overrides,
    });
  }

  join(userId: string, communityId: string) {
    return this.ok('POST', `/api/communities/${communityId}/join`, userId, undefined, 200);
  }

  post(userId: string, communityId: string, content = 'Hello, community') {
    return this.ok<CommunityPostResponse>('POST', `/api/communities/${communityId}/posts`, userId, {
      content,
    });
  }

  /** The outbox rows naming this id in their payload, oldest first. */
  outboxAbout(key: string, id: string): Promise<OutboxRow[]> {
    return this.dataSource.query(
      `SELECT name, payload FROM communities.outbox WHERE payload->>$1 = $2 ORDER BY id`,
      [key, id],
    );
  }

  async memberCount(communityId: string): Promise<{ counted: number; stored: number }> {
    const rows: { counted: number; stored: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM communities.memberships WHERE community_id = $1) AS counted,
              (SELECT member_count FROM communities.communities WHERE id = $1) AS stored`,
      [communityId],
    );
    return rows[0] ?? { counted: -1, stored: -1 };
  }
}
