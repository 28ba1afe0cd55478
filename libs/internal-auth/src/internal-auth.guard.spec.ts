import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import {
  AuthenticatedUserId,
  InternalAuthGuard,
  OptionalUserId,
  SkipInternalAuth,
} from './internal-auth.guard';
import { InternalAuthModule } from './internal-auth.module';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from './internal-identity';
import { INTERNAL_IDENTITY_STRATEGY, InternalIdentityStrategy } from './internal-identity.strategy';

const secret = 's'.repeat(40);
const userId = '0190b1de-1111-7000-8000-000000000001';

@Controller()
class ProbeController {
  @Get('api/caller')
  caller(@OptionalUserId() caller: string | null) {
    return { userId: caller };
  }

  @Get('api/me')
  me(@AuthenticatedUserId() caller: string) {
    return { userId: caller };
  }

  @Get('health')
  @SkipInternalAuth()
  health() {
    return { status: 'up' };
  }
}

@Module({ imports: [InternalAuthModule.forRoot({ secret })], controllers: [ProbeController] })
class ProbeModule {}

describe(InternalAuthGuard.name, () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter(), {
      logger: false,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const get = (url: string, header?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: header === undefined ? {} : { [INTERNAL_IDENTITY_HEADER]: header },
    });
  const signed = (url: string, as: string | null, overrides: { nowMs?: number } = {}) =>
    signInternalIdentity({ secret, userId: as, method: 'GET', url, ...overrides });

  it('authenticates through the passport strategy named internal-identity', () => {
    expect(app.get(InternalIdentityStrategy)).toBeInstanceOf(InternalIdentityStrategy);
    expect(InternalAuthGuard.prototype).toBeInstanceOf(AuthGuard(INTERNAL_IDENTITY_STRATEGY));
  });

  it('passes a signed user and a signed visitor, with their identity', async () => {
    const user = await get('/api/caller?x=1', signed('/api/caller?x=1', userId));
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ userId });

    const visitor = await get('/api/caller', signed('/api/caller', null));
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ userId: null });
  });

  it('lets a visitor through the gateway but not into a route that needs a user', async () => {
    const visitor = await get('/api/me', signed('/api/me', null));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ message: 'Authentication required' });

    const user = await get('/api/me', signed('/api/me', userId));
    expect(user.json()).toEqual({ userId });
  });

  it.each([
    ['no header', undefined, 'Requests must come through the gateway'],
    ['a malformed header', 'garbage', 'Invalid internal identity'],
    [
      'a header signed with another secret',
      signInternalIdentity({ secret: 'o'.repeat(40), userId, method: 'GET', url: '/api/caller' }),
      'Invalid internal identity',
    ],
    ['a header signed for another route', signed('/api/me', userId), 'Invalid internal identity'],
    [
      'an expired header',
      signed('/api/caller', userId, { nowMs: Date.now() - 60_000 }),
      'Expired internal identity',
    ],
  ])('refuses %s with 401 and its reason', async (_case, header, message) => {
    const response = await get('/api/caller', header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message });
  });

  it('lets routes marked @SkipInternalAuth through without a header', async () => {
    const response = await get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'up' });
  });
});
