import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { LoginFailures } from '../src/security/login-failures';

describe(LoginFailures.name, () => {
  let namespace: TestRedisNamespace;
  let redis: Redis;
  let sut: LoginFailures;
  const secret = randomBytes(32).toString('hex');
  const ada = (address: string) => sut.keyOf('Ada@Example.test', address);
  const failuresUnder = (secret: string) =>
    new LoginFailures(
      redis,
      loadGatewayConfig({
        NODE_ENV: 'test',
        INTERNAL_AUTH_SECRET: secret,
        LOGIN_FREE_FAILURES: '2',
        LOGIN_DELAY_BASE_SECONDS: '30',
        LOGIN_DELAY_MAX_SECONDS: '100',
      }),
    );

  beforeAll(() => {
    namespace = createTestRedisNamespace('login-failures');
    redis = new Redis(namespace.url, { keyPrefix: namespace.keyPrefix });
    sut = failuresUnder(secret);
  });
  afterAll(async () => {
    redis.disconnect();
    await namespace.cleanup();
  });

  it('lets the free failures through, then doubles the wait up to the maximum', async () => {
    const key = ada('203.0.113.1');
    const waits: number[] = [];
    for (let failure = 1; failure <= 5; failure += 1) {
      await sut.recordFailure(key);
      waits.push(await sut.waitOf(key));
    }
    expect(waits).toEqual([0, 30, 60, 100, 100]);
  });

  it('keeps each address of an account apart, and each account of an address', async () => {
    for (let failure = 1; failure <= 3; failure += 1) await sut.recordFailure(ada('203.0.113.2'));
    expect(await sut.waitOf(ada('203.0.113.2'))).toBe(60);
    expect(await sut.waitOf(ada('198.51.100.7'))).toBe(0);
    expect(await sut.waitOf(sut.keyOf('grace@example.test', '203.0.113.2'))).toBe(0);
  });

  it('treats the email whatever its case and spacing as one account', () => {
    expect(sut.keyOf(' ADA@example.TEST ', '203.0.113.2')).toBe(ada('203.0.113.2'));
  });

  it('starts afresh after a successful sign-in', async () => {
    const key = ada('203.0.113.3');
    for (let failure = 1; failure <= 3; failure += 1) await sut.recordFailure(key);
    await sut.clear(key);
    expect(await sut.waitOf(key)).toBe(0);
    await sut.recordFailure(key);
    expect(await sut.waitOf(key)).toBe(0);
    await sut.recordFailure(key);
    expect(await sut.waitOf(key)).toBe(30);
  });

  it('keeps neither emails nor addresses in Redis', async () => {
    const keys = await redis.keys(`${namespace.keyPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => /ada|example|203\.0\.113/i.test(key))).toEqual([]);
  });

  it('names a pair so that only the secret tells whose it is, alike in every replica', () => {
    const pair = 'ada@example.test\n203.0.113.2';
    const bareHash = createHash('sha256').update(pair).digest('base64url');
    const other = failuresUnder(randomBytes(32).toString('hex'));

    expect(ada('203.0.113.2')).not.toBe(bareHash);
    expect(other.keyOf('ada@example.test', '203.0.113.2')).not.toBe(ada('203.0.113.2'));
    expect(failuresUnder(secret).keyOf('ada@example.test', '203.0.113.2')).toBe(ada('203.0.113.2'));
  });
});
