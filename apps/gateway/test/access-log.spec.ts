import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import { symbols } from 'pino';
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
  let written: jest.SpyInstance;

  /** The access log lines written so far, as written. */
  const lines = () =>
    written.mock.calls
      .map(([chunk]) => JSON.parse(String(chunk)) as { message: string; req: object; res: object })
      .filter((line) => line.message === 'request completed');

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
    // The stream of the one pino logger every PinoLogger writes to outside a request context.
    const root = (await app.resolve(PinoLogger)).logger as unknown as Record<symbol, unknown>;
    const stream = root[symbols.streamSym] as { write(chunk: string): boolean };
    written = jest.spyOn(stream, 'write').mockImplementation(() => true);
    await app.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    written?.mockRestore();
    await app?.close();
    service?.closeAllConnections();
    await new Promise((resolve) => service?.close(resolve));
    await namespace?.cleanup();
  });

  beforeEach(() => written.mockClear());

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
    expect(await untilLines(1)).toEqual([
      expect.objectContaining({
        req: { requestId: 'trace-access-1', method: 'GET', url: '/api/tweets?limit=5' },
        res: { statusCode: 418 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it("writes a line for a refusal of the gateway's own checks (a cross-site post)", async () => {
    const response = await fetch(`${gatewayUrl}/api/tweets`, {
      method: 'POST',
      headers: {
        'x-request-id': 'trace-access-2',
        origin: 'https://elsewhere.example',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(await untilLines(1)).toEqual([
      expect.objectContaining({
        req: { requestId: 'trace-access-2', method: 'POST', url: '/api/tweets' },
        res: { statusCode: 403 },
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
