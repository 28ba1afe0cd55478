import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Job } from 'bullmq';
import type { Response as InjectResponse } from 'light-my-request';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type {
  SignedInjectOptions,
  TestBucket,
  TestDatabase,
  TestRedisNamespace,
} from '@wave/testing';
import type { EventName, EventPayload } from '@wave/contracts';
import { EventQueues } from '@wave/messaging';
import { bullConnection, bullPrefix } from '@wave/redis';
import {
  createTestBucket,
  createTestDatabase,
  createTestRedisNamespace,
  injectSigned,
  publishEvent,
} from '@wave/testing';
import type { MediaConfig } from '../src/config/media.config';
import { loadMediaConfig } from '../src/config/media.config';
import { mediaService } from '../src/service';

/** The media service in-process against a fresh database, Redis namespace and bucket. */
export class MediaHarness {
  app!: NestFastifyApplication;
  config!: MediaConfig;
  private database!: TestDatabase;
  private redis!: TestRedisNamespace;
  private bucket!: TestBucket;
  private events!: EventQueues;

  async start(label: string, overrides: Record<string, string> = {}): Promise<this> {
    this.database = await createTestDatabase(label);
    this.redis = createTestRedisNamespace(label);
    this.bucket = createTestBucket(label);
    this.config = loadMediaConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redis.url,
      REDIS_KEY_PREFIX: this.redis.keyPrefix,
      S3_ENDPOINT: this.bucket.endpoint,
      S3_ACCESS_KEY: this.bucket.accessKey,
      S3_SECRET_KEY: this.bucket.secretKey,
      S3_BUCKET: this.bucket.bucket,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...overrides,
    });
    await mediaService.migrate(this.config);
    this.events = new EventQueues({
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_KEY_PREFIX),
    });
    this.app = await mediaService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
    return this;
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.app?.close();
    await this.database?.drop();
    await this.redis?.cleanup();
    await this.bucket?.cleanup();
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: SignedInjectOptions = {},
  ): Promise<InjectResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.as !== undefined) {
      return injectSigned(this.app, this.config.INTERNAL_AUTH_SECRET, method, url, options);
    }
    return this.app.inject({
      method,
      url,
      headers,
      ...(options.body ? { payload: options.body } : {}),
    });
  }

  /** Publishes an event to media's queue as a relay would; the job once media completed it. */
  publish<E extends EventName>(name: E, payload: EventPayload<E>): Promise<Job> {
    return publishEvent(this.events, 'media', name, payload);
  }

  /** Asks for an upload URL as the user and PUTs the bytes to it. */
  async upload(userId: string, body: Buffer, contentType = 'image/png') {
    const ticket = (await this.call('POST', '/api/objects/upload', { as: userId })).json<{
      uploadURL: string;
    }>();
    const response = await this.call('PUT', ticket.uploadURL, {
      as: userId,
      body,
      headers: { 'content-type': contentType },
    });
    return { uploadURL: ticket.uploadURL, response };
  }
}

export const pngOf = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
