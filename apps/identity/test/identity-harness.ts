import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { DataSource } from 'typeorm';
import type {
  MediaClaimsStandIn,
  SignedInjectOptions,
  TestDatabase,
  TestRedisNamespace,
} from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  injectSigned,
  startMediaClaimsStandIn,
} from '@wave/testing';
import type { IdentityConfig } from '../src/config/identity.config';
import { loadIdentityConfig } from '../src/config/identity.config';
import { identityService } from '../src/service';

/**
 * The identity service in-process against a fresh database and Redis namespace.
 * Media's claim call is answered by a stand-in (startMediaClaimsStandIn).
 */
export class IdentityHarness {
  app!: NestFastifyApplication;
  config!: IdentityConfig;
  private database!: TestDatabase;
  private redis!: TestRedisNamespace;
  private media!: MediaClaimsStandIn;

  async start(label: string): Promise<this> {
    this.database = await createTestDatabase(label);
    this.redis = createTestRedisNamespace(label);
    this.config = loadIdentityConfig({
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redis.url,
      REDIS_KEY_PREFIX: this.redis.keyPrefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    await identityService.migrate(this.config);
    this.media = await startMediaClaimsStandIn(this.redis.url, this.redis.keyPrefix);
    this.app = await identityService.createApp(this.config);
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
    return this;
  }

  /** The claims media was asked for. */
  get claims() {
    return this.media.claims;
  }

  /** The give-backs media was asked for. */
  get releases() {
    return this.media.releases;
  }

  /** The claims media holds: made and not given back. */
  heldClaims() {
    return this.media.held();
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.media?.close();
    await this.database?.drop();
    await this.redis?.cleanup();
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: SignedInjectOptions = {},
  ): Promise<InjectResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.as !== undefined) {
      return injectSigned(this.app, this.config.INTERNAL_AUTH_SECRET, method, url, options);
    }
    if (options.cookie) headers['cookie'] = options.cookie;
    return this.app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }

  /** Registers a user through the API; returns its id and session cookie. */
  async register(username: string, overrides: Partial<Record<string, string>> = {}) {
    const response = await this.call('POST', '/api/register', {
      as: null,
      body: {
        displayName: `${username} display`,
        username,
        email: `${username.toLowerCase()}@example.test`,
        password: 'correct horse',
        ...overrides,
      },
    });
    if (response.statusCode !== 201) throw new Error(`register ${username}: ${response.body}`);
    const user = response.json<{ id: string }>();
    const cookie = sessionCookieOf(response);
    return { id: user.id, cookie, token: cookie.split('=')[1] ?? '' };
  }
}

export function sessionCookieOf(response: InjectResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const session = all.find((cookie) => cookie.startsWith('wave_session='));
  if (!session) throw new Error('no session cookie');
  return session.split(';')[0] ?? '';
}
