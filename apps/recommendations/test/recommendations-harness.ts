import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { EventName, EventPayload, Recommendation } from '@wave/contracts';
import { EventQueues } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import { RpcServer } from '@wave/rpc';
import type {
  HttpMethod,
  SignedInjectOptions,
  TestDatabase,
  TestRedisNamespace,
} from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  injectSigned,
  publishEvent,
} from '@wave/testing';
import type { RecommendationsConfig } from '../src/config/recommendations.config';
import { loadRecommendationsConfig } from '../src/config/recommendations.config';
import { RecommendationsCache } from '../src/recommendations/recommendations.cache';
import { recommendationsService } from '../src/service';

jest.setTimeout(30_000);

/**
 * The recommendations service in-process against a fresh database and Redis namespace. It hears
 * of members, follows, posts and communities as in production: from events on its
 * `recommendations-events` queue, which the harness publishes as the owners' relays would. The
 * owners' answers to "whom does this member follow, what did they join" (asked as a list is
 * read) come from stand-ins for identity and communities holding what the harness's writes did,
 * which a test may change alone to play a follow whose event has not arrived yet.
 */
export class RecommendationsHarness {
  app!: NestFastifyApplication;
  config!: RecommendationsConfig;
  database!: TestDatabase;
  redis!: TestRedisNamespace;
  events!: EventQueues;
  owners!: RpcServer;
  /** What identity holds: `follower:followee`. */
  readonly follows = new Set<string>();
  /** What communities holds: `user:community`. */
  readonly memberships = new Set<string>();
  /** Set to make the stand-ins fail (an owner down). */
  ownersDown = false;

  async start(
    label: string,
    env: Record<string, string> = {},
    options: { app?: boolean } = {},
  ): Promise<this> {
    this.database = await createTestDatabase(`recommendations_${label}`);
    this.redis = createTestRedisNamespace(`recommendations-${label}`);
    this.config = loadRecommendationsConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redis.url,
      REDIS_KEY_PREFIX: this.redis.keyPrefix,
      LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
      NODE_ENV: 'test',
      TRAINING_ENABLED: 'false',
      ...env,
    });
    await recommendationsService.migrate(this.config);
    this.events = new EventQueues({
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    });
    this.owners = new RpcServer({
      url: this.config.REDIS_URL,
      prefix: this.config.REDIS_KEY_PREFIX,
    });
    this.owners.handle('identity.followed-among', ({ followerId, ids }) =>
      this.ownersDown
        ? Promise.reject(new Error('identity is restarting'))
        : Promise.resolve({
            followed: ids.filter((id) => this.follows.has(`${followerId}:${id}`)),
          }),
    );
    this.owners.handle('communities.joined-among', ({ userId, ids }) =>
      this.ownersDown
        ? Promise.reject(new Error('communities is restarting'))
        : Promise.resolve({ joined: ids.filter((id) => this.memberships.has(`${userId}:${id}`)) }),
    );
    await this.owners.listen();
    if (options.app !== false) await this.startApp();
    return this;
  }

  async startApp(): Promise<void> {
    this.app = await recommendationsService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.owners?.close();
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

  async recommendations(userId: string, max?: number): Promise<Recommendation[]> {
    const response = await this.call(
      'GET',
      `/api/ai/recommendations${max === undefined ? '' : `?maxRecommendations=${max}`}`,
      { as: userId },
    );
    if (response.statusCode !== 200) {
      throw new Error(`recommendations: ${response.statusCode} ${response.body}`);
    }
    return response.json<Recommendation[]>();
  }

  async feedback(
    userId: string,
    body: { action: string; contentId: string; contentType: string; score?: number },
  ): Promise<void> {
    const response = await this.call('POST', '/api/ai/feedback', { as: userId, body });
    if (response.statusCode !== 204) {
      throw new Error(`feedback: ${response.statusCode} ${response.body}`);
    }
  }

  /** Publishes an event as a relay would and waits until the service applied it. */
  async publish<E extends EventName>(name: E, payload: EventPayload<E>): Promise<void> {
    await publishEvent(this.events, 'recommendations', name, payload);
  }

  async user(username: string, options: { bio?: string } = {}): Promise<string> {
    const userId = uuidv7();
    await this.publish('user.registered', {
      userId,
      username,
      displayName: username,
      profileImageUrl: null,
      verified: false,
      version: 1,
      createdAt: new Date().toISOString(),
    });
    if (options.bio !== undefined) {
      await this.publish('user.updated', {
        userId,
        username,
        displayName: username,
        profileImageUrl: null,
        verified: false,
        version: 2,
        firstName: null,
        lastName: null,
        bio: options.bio,
        coverImageUrl: null,
        updatedAt: new Date().toISOString(),
      });
    }
    return userId;
  }

  async follow(followerId: string, followeeId: string, at = new Date()): Promise<void> {
    this.follows.add(`${followerId}:${followeeId}`);
    await this.publish('follow.created', { followerId, followeeId, createdAt: at.toISOString() });
  }

  async unfollow(followerId: string, followeeId: string, at = new Date()): Promise<void> {
    this.follows.delete(`${followerId}:${followeeId}`);
    await this.publish('follow.deleted', { followerId, followeeId, deletedAt: at.toISOString() });
  }

  async post(
    authorId: string,
    options: { content?: string; hashtags?: string[]; createdAt?: Date; parentId?: string } = {},
  ): Promise<string> {
    const tweetId = uuidv7();
    await this.publish('tweet.created', {
      tweetId,
      authorId,
      content: options.content ?? `A post ${tweetId}`,
      hashtags: options.hashtags ?? [],
      mentions: [],
      imageUrls: [],
      parentId: options.parentId ?? null,
      createdAt: (options.createdAt ?? new Date()).toISOString(),
    });
    return tweetId;
  }

  like(userId: string, tweetId: string, authorId: string, at = new Date()): Promise<void> {
    return this.publish('like.created', { tweetId, userId, authorId, at: at.toISOString() });
  }

  async community(
    name: string,
    ownerId: string,
    description = '',
    options: { isPrivate?: boolean } = {},
  ): Promise<string> {
    const communityId = uuidv7();
    await this.publish('community.created', {
      communityId,
      ownerId,
      name,
      description,
      category: 'technology',
      isPrivate: options.isPrivate ?? false,
      createdAt: new Date().toISOString(),
    });
    await this.join(ownerId, communityId, 'owner');
    return communityId;
  }

  async join(
    userId: string,
    communityId: string,
    role: 'owner' | 'moderator' | 'member' = 'member',
  ): Promise<void> {
    this.memberships.add(`${userId}:${communityId}`);
    await this.publish('community.joined', {
      communityId,
      userId,
      role,
      at: new Date().toISOString(),
    });
  }

  /** Clears these members' cached lists (as five minutes passing would). */
  expireCache(...userIds: string[]): Promise<void> {
    return this.app.get(RecommendationsCache).forget(userIds);
  }
}
