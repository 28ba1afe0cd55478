import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

describe('rate limits kept in Redis', () => {
  let stack: Stack;
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const client = () => new ApiClient(stack.gateway.url);
  const TOO_MANY_SIGN_INS = /^Too many sign-in attempts\. Try again in \d+ seconds\.$/;
  /** Retry-After in seconds (NaN when absent). */
  const retryAfterOf = (response: { headers: Headers }) =>
    Number(response.headers.get('retry-after'));

  /** Registers a new account from an address of its own. */
  async function registered(prefix: string, address: string) {
    const account = newAccount(prefix);
    expect((await client().post('/api/register', account, from(address))).status).toBe(201);
    return account;
  }
  const signIn = (email: string, password: string, address: string) =>
    client().post('/api/login', { email, password }, from(address));

  beforeAll(async () => {
    stack = await startStack('ratelimits', {
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_LIMIT_PER_IP: '20',
      LOGIN_FREE_FAILURES: '3',
      LOGIN_DELAY_BASE_SECONDS: '4',
      LOGIN_DELAY_MAX_SECONDS: '16',
      REGISTER_RATE_LIMIT_PER_IP: '3',
      REQUEST_RATE_LIMIT_PER_IP: '40',
    });
  });
  afterAll(() => stack?.stop());

  it('limits sign-in attempts per address, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await signIn(`nobody${i}@example.test`, 'wrong password', '10.0.1.1');
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((response.body as { message: string }).message).toMatch(TOO_MANY_SIGN_INS);
      }
    }
    expect(statuses).toEqual([...Array<number>(20).fill(401), 429]);
    // Another address is not affected.
    expect((await signIn('x@example.test', 'nope', '10.0.1.2')).status).toBe(401);
  });

  it('counts the addresses of one IPv6 /64 as one, and another /64 apart', async () => {
    // One host with a /64 could otherwise take a fresh address for every guess.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const address = `2001:db8:7:1::${(i + 1).toString(16)}`;
      statuses.push((await signIn(`nobody${i}@example.test`, 'wrong password', address)).status);
    }
    const nextNetwork = await signIn('x@example.test', 'nope', '2001:db8:7:2::1');

    expect(statuses).toEqual([...Array<number>(20).fill(401), 429]);
    expect(nextNetwork.status).toBe(401);
  });

  it('delays guesses at one account from anywhere in one IPv6 /64', async () => {
    const target = await registered('six', '10.0.7.100');
    const addresses = [
      '2001:db8:8:1::1',
      '2001:db8:8:1::2',
      '2001:db8:8:1:ffff::3',
      '2001:db8:8:1::4',
    ];
    const statuses: number[] = [];
    for (const address of addresses) {
      statuses.push((await signIn(target.email, 'wrong password', address)).status);
    }
    const nextNetwork = await signIn(target.email, 'wrong password', '2001:db8:8:2::1');

    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(nextNetwork.status).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const target = await registered('mapped', '10.0.8.100');
    const statuses: number[] = [];
    for (const address of ['10.0.8.1', '::ffff:10.0.8.1', '10.0.8.1', '::ffff:a00:801']) {
      statuses.push((await signIn(target.email, 'wrong password', address)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('never locks the owner out: failures from other addresses delay only those addresses', async () => {
    const ada = await registered('ada', '10.0.2.100');
    // Four addresses guess three times each, twelve failures against one account; each
    // must then wait (4 s here) before its next guess.
    const attackers = ['10.0.2.1', '10.0.2.2', '10.0.2.3', '10.0.2.4'];
    const seen: { address: string; statuses: number[]; waitSeconds: number }[] = [];
    let message: unknown;
    for (const address of attackers) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await signIn(ada.email.toUpperCase(), 'wrong password', address)).status);
      }
      const next = await signIn(ada.email, 'wrong password', address);
      statuses.push(next.status);
      seen.push({ address, statuses, waitSeconds: retryAfterOf(next) });
      message = (next.body as { message?: unknown }).message;
    }
    // Ada, from her own address, signs in at once.
    const owner = await signIn(ada.email, ada.password, '10.0.2.99');

    expect({ attackers: seen, owner: owner.status }).toEqual({
      attackers: attackers.map((address) => ({
        address,
        statuses: [401, 401, 401, 429],
        waitSeconds: expect.any(Number),
      })),
      owner: 200,
    });
    for (const { waitSeconds } of seen) {
      expect(waitSeconds).toBeGreaterThanOrEqual(1);
      expect(waitSeconds).toBeLessThanOrEqual(4);
    }
    expect(message).toMatch(TOO_MANY_SIGN_INS);
  });

  it('makes an address that keeps failing against an account wait twice as long each time', async () => {
    const target = await registered('target', '10.0.3.100');
    const guess = () => signIn(target.email, 'wrong password', '10.0.3.1');
    for (let i = 0; i < 3; i += 1) expect((await guess()).status).toBe(401);

    const first = await guess();
    expect(first.status).toBe(429);
    expect(retryAfterOf(first)).toBeGreaterThanOrEqual(1);
    expect(retryAfterOf(first)).toBeLessThanOrEqual(4);

    // Once the wait (4 s) is over, the next failure doubles it (8 s).
    const fourth = await eventually(guess, (response) => response.status !== 429, {
      intervalMs: 500,
      timeoutMs: 15_000,
      what: 'the first wait to end',
    });
    expect(fourth.status).toBe(401);
    const second = await guess();
    expect(second.status).toBe(429);
    expect(retryAfterOf(second)).toBeGreaterThan(4);
    expect(retryAfterOf(second)).toBeLessThanOrEqual(8);
  });

  it("clears an address's failures against an account after a successful sign-in", async () => {
    const other = await registered('recovers', '10.0.4.100');
    const wrong = () => signIn(other.email, 'wrongpassword', '10.0.4.1');
    expect([(await wrong()).status, (await wrong()).status]).toEqual([401, 401]);
    expect((await signIn(other.email, other.password, '10.0.4.1')).status).toBe(200);
    // Three free failures again, then the wait.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await wrong()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await client().post('/api/register', newAccount('flood'), from('10.0.6.1'))).status,
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
