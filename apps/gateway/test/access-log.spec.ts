import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { createGatewayApp } from '../src/gateway-app';
import { UPSTREAMS } from '../src/routing/route-table';

/**
 * The gateway keeps no per-request logger (its pipeline is a plain Fastify hook): it writes
 * its own access log, one `request completed` line per answer, at `info`.
 */
describe('the gateway access log', () => {
  let namespace: TestRedisNamespace;
  let service: Server;
  let app: NestFastifyApplication;
  let gatewayUrl: string;
  let info: jest.SpyInstance;

  /** The access log lines written so far: what each names. */
  const lines = () =>
    info.mock.calls
      .filter(([, message]) => message === 'request completed')
      .map(([fields]) => fields as { req: object; res: object; responseTime: number });

  beforeAll(async () => {
    namespace = createTestRedisNamespace('gateway-access-log');
    service = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(req.url === '/health' ? 200 : 418, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    app = await createGatewayApp(
      loadGatewayConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
        REDIS_URL: namespace.url,
        REDIS_KEY_PREFIX: namespace.keyPrefix,
        ...Object.fromEntries(
          UPSTREAMS.map((upstream) => [`${upstream.toUpperCase()}_URL`, serviceUrl]),
        ),
      }),
    );
    // The shared pino logger every PinoLogger writes to outside a request context.
    info = jest.spyOn((await app.resolve(PinoLogger)).logger, 'info').mockImplementation();
    await app.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    info?.mockRestore();
    await app?.close();
    service?.closeAllConnections();
    await new Promise((resolve) => service?.close(resolve));
    await namespace?.cleanup();
  });

  beforeEach(() => info.mockClear());

  /** Waits until `count` lines are written (a line is written as the answer finishes). */
  const untilLines = async (count: number) => {
    for (let tries = 0; lines().length < count && tries < 100; tries += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    return lines();
  };

  it('writes one line per proxied request: its id, method, URL and the status the service gave', async () => {
    const response = await fetch(`${gatewayUrl}/api/tweets?limit=5`, {
      headers: { 'x-request-id': 'trace-access-1' },
    });
    expect(response.status).toBe(418);
    const [line, ...more] = await untilLines(1);
    expect(more).toEqual([]);
    expect(line).toEqual({
      req: { requestId: 'trace-access-1', method: 'GET', url: '/api/tweets?limit=5' },
      res: { statusCode: 418 },
      responseTime: expect.any(Number),
    });
  });

  it("writes a line for an answer of the gateway's own checks (an unknown /api path)", async () => {
    const response = await fetch(`${gatewayUrl}/api/nothing-here`, {
      headers: { 'x-request-id': 'trace-access-2' },
    });
    expect(response.status).toBe(404);
    expect(await untilLines(1)).toEqual([
      expect.objectContaining({
        req: { requestId: 'trace-access-2', method: 'GET', url: '/api/nothing-here' },
        res: { statusCode: 404 },
      }),
    ]);
  });

  it('writes none for health checks', async () => {
    expect((await fetch(`${gatewayUrl}/health`)).status).toBe(200);
    // A request that is logged, after it: had /health been logged, its line would come first.
    await fetch(`${gatewayUrl}/api/nothing-here`);
    expect((await untilLines(1)).map((line) => line.req)).toEqual([
      expect.objectContaining({ url: '/api/nothing-here' }),
    ]);
  });
});
