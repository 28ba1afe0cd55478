import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestRedisNamespace } from '@wave/testing';
import { createRedisClient } from '@wave/redis';
import { SessionStore } from '../src/session-store';

describe(SessionStore.name, () => {
  const namespace = createTestRedisNamespace('sessions');
  let redis: Redis;
  let sut: SessionStore;
  const userId = '0190b1de-1111-7000-8000-000000000001';

  beforeAll(() => {
    redis = createRedisClient({ url: namespace.url, keyPrefix: namespace.keyPrefix, name: 'test' });
    sut = new SessionStore(redis, 60);
  });

  afterAll(async () => {
    await namespace.cleanup();
    redis.disconnect();
  });

  it('creates a random token that resolves to its user', async () => {
    const { token } = await sut.create(userId);
    const other = await sut.create(userId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.token).not.toBe(token);
    await expect(sut.resolve(token)).resolves.toMatchObject({ userId });
  });

  it('stores only a hash of the token', async () => {
    const { token } = await sut.create(userId);
    const raw = new Redis(namespace.url);
    const keys = await raw.keys(`${namespace.keyPrefix}session:*`);
    raw.disconnect();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(token))).toBe(false);
  });

  it('pushes the expiry back on every use', async () => {
    const { token } = await sut.create(userId);
    const hashKey = `session:${createHash('sha256').update(token).digest('base64url')}`;
    expect(await redis.expire(hashKey, 5)).toBe(1);
    await sut.resolve(token);
    expect(await redis.ttl(hashKey)).toBeGreaterThan(50);
  });

  it('forgets a destroyed session', async () => {
    const { token } = await sut.create(userId);
    await sut.destroy(token);
    await expect(sut.resolve(token)).resolves.toBeNull();
  });

  it.each([undefined, '', 'short', 'x'.repeat(43) + '!', 'a'.repeat(200)])(
    'resolves the bad token %p to null without error',
    async (token) => {
      await expect(sut.resolve(token)).resolves.toBeNull();
    },
  );

  it('resolves an unknown well-formed token to null', async () => {
    await expect(sut.resolve('A'.repeat(43))).resolves.toBeNull();
  });
});
