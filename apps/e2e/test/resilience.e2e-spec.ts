import { join } from 'node:path';
import { freePort, serviceProcess } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

describe('health and a service that is down', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('resilience');
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
    });
  });

  it('answers fast with JSON when a service is down, and recovers when it is back', async () => {
    await stack.identity.stop();
    const client = new ApiClient(stack.gateway.url);

    const started = Date.now();
    const call = await client.get('/api/user');
    const elapsed = Date.now() - started;
    expect(call.status).toBe(503);
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
    });

    await stack.identity.start();
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/health')).status).toBe(200);
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
