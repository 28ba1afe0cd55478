import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

describe('rate limits kept in Redis', () => {
  let stack: Stack;
  let account: ReturnType<typeof newAccount>;
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const client = () => new ApiClient(stack.gateway.url);

  beforeAll(async () => {
    stack = await startStack('ratelimits', {
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_LIMIT_PER_IP: '5',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '4',
      REGISTER_RATE_LIMIT_PER_IP: '3',
      REQUEST_RATE_LIMIT_PER_IP: '40',
    });
    account = newAccount('limited');
    await client().post('/api/register', account, from('10.0.0.1'));
  });
  afterAll(() => stack?.stop());

  it('limits sign-in attempts per address, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await client().post(
        '/api/login',
        { email: `nobody${i}@example.test`, password: 'wrong password' },
        from('10.0.1.1'),
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((response.body as { message: string }).message).toMatch(
          /^Too many sign-in attempts\. Try again in \d+ seconds\.$/,
        );
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another address is not affected.
    expect(
      (
        await client().post(
          '/api/login',
          { email: 'x@example.test', password: 'nope' },
          from('10.0.1.2'),
        )
      ).status,
    ).toBe(401);
  });

  it('limits sign-in attempts per account, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await client().post(
        '/api/login',
        { email: account.email.toUpperCase(), password: 'wrong password' },
        from(`10.0.2.${i + 1}`),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await client().post(
      '/api/login',
      { email: account.email, password: account.password },
      from('10.0.2.99'),
    );
    expect(right.status).toBe(429);
  });

  it('clears the account count after a successful sign-in', async () => {
    const other = newAccount('recovers');
    await client().post('/api/register', other, from('10.0.3.100'));
    for (let i = 0; i < 3; i += 1) {
      await client().post(
        '/api/login',
        { email: other.email, password: 'wrong' + 'password' },
        from(`10.0.3.${i + 1}`),
      );
    }
    const ok = await client().post(
      '/api/login',
      { email: other.email, password: other.password },
      from('10.0.3.10'),
    );
    expect(ok.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await client().post(
        '/api/login',
        { email: other.email, password: 'wrongpassword' },
        from(`10.0.3.${20 + i}`),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401]);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await client().post('/api/register', newAccount('flood'), from('10.0.4.1'))).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('keeps a general budget per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 42; i += 1) {
      statuses.push((await client().get('/api/user', from('10.0.5.1'))).status);
    }
    expect(statuses.slice(0, 40).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    const refused = await client().get('/api/user', from('10.0.5.1'));
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
    });
  });

  it('ignores X-Forwarded-For from untrusted peers by default', async () => {
    const strict = await startStack('ratelimits_untrusted', { LOGIN_RATE_LIMIT_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await new ApiClient(strict.gateway.url).post(
          '/api/login',
          { email: `n${i}@example.test`, password: 'wrongpass' },
          from(`10.9.9.${i}`),
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await strict.stop();
    }
  });
});
