import { join } from 'node:path';
import { eventually, freePort, serviceProcess } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

/** Every service's circuit closed: the gateway sends each its requests. */
const ALL_CLOSED = {
  identity: 'closed',
  timeline: 'closed',
  communities: 'closed',
  search: 'closed',
  media: 'closed',
  recommendations: 'closed',
  analytics: 'closed',
};

describe('health and a service that is down', () => {
  let stack: Stack;

  beforeAll(async () => {
    // A short upstream timeout: a hung service's requests time out in 1.5 s, not 10.
    stack = await startStack('resilience', { UPSTREAM_TIMEOUT_MS: '1500' });
  });
  afterAll(() => stack?.stop());

  it('reports the gateway, Redis and each service as up', async () => {
    const response = await new ApiClient(stack.gateway.url).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'up',
      services: {
        gateway: 'up',
        redis: 'up',
        identity: 'up',
        timeline: 'up',
        communities: 'up',
        search: 'up',
        media: 'up',
        recommendations: 'up',
        analytics: 'up',
      },
      circuits: ALL_CLOSED,
    });
  });

  it('answers fast with JSON when a service is down, and recovers when it is back', async () => {
    await stack.identity.stop();
    const client = new ApiClient(stack.gateway.url);

    const started = Date.now();
    const call = await client.get('/api/user');
    const elapsed = Date.now() - started;
    // Refused (tried twice, both times refused): a bad gateway, at once.
    expect(call.status).toBe(502);
    expect(call.body).toEqual({ message: 'The identity service is unavailable' });
    expect(elapsed).toBeLessThan(2_000);

    const health = await client.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({
      status: 'degraded',
      services: {
        gateway: 'up',
        redis: 'up',
        identity: 'down',
        timeline: 'up',
        communities: 'up',
        search: 'up',
        media: 'up',
        recommendations: 'up',
        analytics: 'up',
      },
      // Two failures so far: not yet enough to open identity's circuit.
      circuits: ALL_CLOSED,
    });

    await stack.identity.start();
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('stops waiting on a hung service after three timeouts, and sends it requests again once it answers', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    expect((await visitor.get('/api/tweets')).status).toBe(200);
    const timed = async () => {
      const started = Date.now();
      const response = await visitor.get('/api/tweets');
      return { status: response.status, body: response.body, ms: Date.now() - started };
    };
    // Hung: its connections are taken and nothing is answered.
    stack.timeline.signal('SIGSTOP');
    try {
      for (let i = 0; i < 3; i += 1) {
        const answer = await timed();
        expect(answer).toMatchObject({
          status: 504,
          body: { message: 'The timeline service did not answer in time' },
        });
        expect(answer.ms).toBeGreaterThanOrEqual(1_400);
      }
      const fast = await timed();
      expect(fast).toMatchObject({
        status: 503,
        body: { message: 'The timeline service is unavailable' },
      });
      expect(fast.ms).toBeLessThan(500);
      expect((await visitor.get('/api/health')).body).toMatchObject({
        services: { timeline: 'down' },
        circuits: { timeline: 'open', identity: 'closed' },
      });
    } finally {
      stack.timeline.signal('SIGCONT');
    }
    // The gateway's probe (every 2 s) finds it answering, and closes the circuit.
    await eventually(
      () => timed(),
      (answer) => answer.status === 200,
      { what: 'timeline through the gateway again', timeoutMs: 10_000 },
    );
    expect((await visitor.get('/api/health')).body).toMatchObject({
      status: 'up',
      circuits: ALL_CLOSED,
    });
  });

  it('keeps serving visitors when Redis is gone, and refuses sessions it cannot check', async () => {
    const member = new ApiClient(stack.gateway.url);
    const user = (await member.post<{ id: string }>('/api/register', newAccount('redisless'))).body;
    const deadRedis = `redis://127.0.0.1:${await freePort()}`;
    const port = await freePort();
    const blind = serviceProcess({
      name: 'gateway',
      bundle: join(__dirname, '../../../dist/apps/gateway/main.js'),
      cwd: join(__dirname, '../../..'),
      port,
      env: { ...stack.env, REDIS_URL: deadRedis },
      healthPath: '/health',
    });
    await blind.start();
    try {
      const visitor = await new ApiClient(blind.url).get(`/api/users/${user.id}`);
      expect(visitor.status).toBe(200);

      const withSession = new ApiClient(blind.url);
      withSession.setCookie('wave_session', member.sessionCookie!);
      const started = Date.now();
      const response = await withSession.get('/api/user');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ message: 'Sessions are unavailable; try again shortly' });
      expect(Date.now() - started).toBeLessThan(1_000);

      const health = await new ApiClient(blind.url).get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ services: { redis: 'down', identity: 'up' } });
    } finally {
      await blind.stop();
    }
  });
});
