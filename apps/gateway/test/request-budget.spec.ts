import { Redis } from 'ioredis';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { RequestBudget } from '../src/security/request-budget';

describe(RequestBudget.name, () => {
  let namespace: TestRedisNamespace;
  let redis: Redis;
  const budgets: RequestBudget[] = [];
  let sequence = 0;
  /** An address no other test uses. */
  const address = () => `198.51.100.${(sequence += 1)}`;

  /** A replica's budget of five requests a minute, on `client` (the shared Redis by default). */
  const replica = (client: Redis = redis) => {
    const budget = new RequestBudget(
      client,
      loadGatewayConfig({
        NODE_ENV: 'test',
        INTERNAL_AUTH_SECRET: 'request-budget-test-secret-0123456789abcdef',
        REQUEST_RATE_LIMIT_PER_IP: '5',
        REQUEST_RATE_LIMIT_WINDOW_SECONDS: '60',
        // Syncs are called by the tests; the timer would only race them.
        REQUEST_RATE_LIMIT_SYNC_MS: '3600000',
      }),
    );
    budgets.push(budget);
    return budget;
  };
  const allowedOf = (budget: RequestBudget, from: string, requests: number) =>
    Array.from({ length: requests }, () => budget.consume(from).allowed);

  beforeAll(() => {
    namespace = createTestRedisNamespace('request-budget');
    redis = new Redis(namespace.url, { keyPrefix: namespace.keyPrefix });
  });
  afterAll(async () => {
    await Promise.all(budgets.map((budget) => budget.onApplicationShutdown()));
    redis.disconnect();
    await namespace.cleanup();
  });

  it('counts one replica exactly, without waiting for Redis, and says when to come back', () => {
    const sut = replica();
    const from = address();
    expect(allowedOf(sut, from, 6)).toEqual([true, true, true, true, true, false]);
    const refused = sut.consume(from);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(58);
    // Another address has its own budget.
    expect(sut.consume(address()).allowed).toBe(true);
  });

  it("adds each replica's count to the shared one, and learns the others' on its sync", async () => {
    const [first, second] = [replica(), replica()];
    const from = address();
    expect(allowedOf(first, from, 3)).toEqual([true, true, true]);
    await first.sync();
    expect(allowedOf(second, from, 1)).toEqual([true]);
    await second.sync();
    // The second now knows of four: one left between them.
    expect(allowedOf(second, from, 2)).toEqual([true, false]);
    await second.sync();
    // The first has not heard of the second's requests yet: it lets one more through (what
    // one interval lets through elsewhere is the bound), and hears of them on its next sync.
    expect(allowedOf(first, from, 1)).toEqual([true]);
    await first.sync();
    expect(allowedOf(first, from, 1)).toEqual([false]);
    expect(Number(await redis.get(`ratelimit:requests:{${from}}`))).toBe(6);
    expect(await redis.pttl(`ratelimit:requests:{${from}}`)).toBeGreaterThan(55_000);
  });

  it('starts a new window once the old one has ended', () => {
    const sut = replica();
    const from = address();
    const now = Date.now();
    expect(allowedOf(sut, from, 6)).toEqual([true, true, true, true, true, false]);
    expect(sut.consume(from, now + 60_001).allowed).toBe(true);
  });

  it('sends what it counted when the gateway stops', async () => {
    const sut = replica();
    const from = address();
    expect(allowedOf(sut, from, 2)).toEqual([true, true]);
    await sut.onApplicationShutdown();
    expect(Number(await redis.get(`ratelimit:requests:{${from}}`))).toBe(2);
  });

  it('goes on counting on its own when Redis cannot answer', async () => {
    const unreachable = new Redis(namespace.url, {
      keyPrefix: namespace.keyPrefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    try {
      const sut = replica(unreachable);
      const from = address();
      expect(allowedOf(sut, from, 3)).toEqual([true, true, true]);
      await sut.sync();
      expect(allowedOf(sut, from, 3)).toEqual([true, true, false]);
      expect(await redis.exists(`ratelimit:requests:{${from}}`)).toBe(0);

      // Redis answers again: what was counted meanwhile is sent, none of it lost.
      if (unreachable.status === 'wait') await unreachable.connect();
      else if (unreachable.status !== 'ready') {
        await new Promise((resolve) => unreachable.once('ready', resolve));
      }
      await sut.sync();
      expect(Number(await redis.get(`ratelimit:requests:{${from}}`))).toBe(5);
    } finally {
      unreachable.disconnect();
    }
  });
});
