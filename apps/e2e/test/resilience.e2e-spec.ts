import { ApiClient } from './support/api-client';
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
      services: { gateway: 'up', redis: 'up', identity: 'up' },
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
      services: { gateway: 'up', redis: 'up', identity: 'down' },
    });

    await stack.identity.start();
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/health')).status).toBe(200);
  });
});
