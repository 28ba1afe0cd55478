import type { Redis } from 'ioredis';
import { createRedisClient } from '@wave/redis';
import { createTestRedisNamespace, eventually } from '@wave/testing';
import { CachedSessions } from '../src/cached-sessions';
import { SessionStore, sessionIdOf } from '../src/session-store';

describe(CachedSessions.name, () => {
  const namespace = createTestRedisNamespace('cached-sessions');
  const userId = '0190b1de-1111-7000-8000-000000000001';
  const clients: Redis[] = [];
  const caches: CachedSessions[] = [];

  const client = () => {
    const redis = createRedisClient({
      url: namespace.url,
      keyPrefix: namespace.keyPrefix,
      name: 'test',
    });
    clients.push(redis);
    return redis;
  };
  /** A gateway's cache, subscribed, on a client of its own. */
  const gateway = async (ttlMs: number, maxEntries = 1_000) => {
    const redis = client();
    const cache = new CachedSessions(new SessionStore(redis, 60), redis, { ttlMs, maxEntries });
    caches.push(cache);
    cache.start();
    // It remembers only once subscribed: wait until it does.
    await eventually(
      async () => {
        const { token } = await identity.create(userId);
        await cache.resolve(token);
        await dropKey(token);
        return cache.resolve(token);
      },
      (session) => session !== null,
      { what: 'the subscription' },
    );
    return cache;
  };
  /** Drops a session's key behind the caches' backs (no announcement). */
  const dropKey = (token: string) => identityRedis.del(`session:${sessionIdOf(token)}`);

  let identityRedis: Redis;
  let identity: SessionStore;

  beforeAll(() => {
    identityRedis = client();
    identity = new SessionStore(identityRedis, 60);
  });

  afterAll(async () => {
    await Promise.all(caches.map((cache) => cache.stop()));
    await namespace.cleanup();
    for (const redis of clients) redis.disconnect();
  });

  it('answers from memory for its time, then asks Redis again', async () => {
    const sut = await gateway(400);
    const { token } = await identity.create(userId);
    await expect(sut.resolve(token)).resolves.toMatchObject({ userId });
    await dropKey(token);
    await expect(sut.resolve(token)).resolves.toMatchObject({ userId });
    await eventually(
      () => sut.resolve(token),
      (session) => session === null,
      { what: 'the memory to run out', timeoutMs: 5_000 },
    );
  });

  it('forgets at once, on every gateway, a session identity ended', async () => {
    const [first, second] = [await gateway(60_000), await gateway(60_000)];
    const { token } = await identity.create(userId);
    await expect(first.resolve(token)).resolves.toMatchObject({ userId });
    await expect(second.resolve(token)).resolves.toMatchObject({ userId });
    await identity.destroy(token);
    for (const sut of [first, second]) {
      await eventually(
        () => sut.resolve(token),
        (session) => session === null,
        { what: 'the announcement', timeoutMs: 2_000 },
      );
    }
  });

  it('forgets a session it saw end go by, at once', async () => {
    const sut = await gateway(60_000);
    const { token } = await identity.create(userId);
    await sut.resolve(token);
    await dropKey(token);
    sut.forget(token);
    await expect(sut.resolve(token)).resolves.toBeNull();
  });

  it('remembers at most maxEntries sessions, forgetting the oldest', async () => {
    const sut = await gateway(60_000, 2);
    const tokens = [];
    for (let index = 0; index < 3; index += 1) tokens.push((await identity.create(userId)).token);
    for (const token of tokens) await sut.resolve(token);
    for (const token of tokens) await dropKey(token);
    await expect(sut.resolve(tokens[0])).resolves.toBeNull();
    await expect(sut.resolve(tokens[2])).resolves.toMatchObject({ userId });
  });

  it('does not remember unknown tokens, nor anything with a time of 0', async () => {
    const sut = await gateway(60_000);
    const off = new CachedSessions(new SessionStore(client(), 60), client(), {
      ttlMs: 0,
      maxEntries: 10,
    });
    const { token } = await identity.create(userId);
    await expect(off.resolve(token)).resolves.toMatchObject({ userId });
    await dropKey(token);
    await expect(off.resolve(token)).resolves.toBeNull();
    await expect(sut.resolve('x'.repeat(43))).resolves.toBeNull();
    await expect(sut.resolve(undefined)).resolves.toBeNull();
  });
});
