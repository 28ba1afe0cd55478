import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import {
  INTERNAL_IDENTITY_HEADER,
  VISITOR_KEY_HEADER,
  verifyInternalIdentity,
} from '@wave/internal-auth';
import { SESSION_COOKIE_NAME, SessionStore } from '@wave/sessions';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace, freePort } from '@wave/testing';
import type { GatewayConfig } from '../src/config/gateway.config';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { createGatewayApp } from '../src/gateway-app';
import type { Upstream } from '../src/routing/route-table';
import { UPSTREAMS } from '../src/routing/route-table';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for one service: answers /health (unless told not to) and records the rest. */
class StandInService {
  readonly received: Received[] = [];
  healthy = true;
  private readonly server: Server;

  constructor(readonly name: Upstream) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/health') {
          res.writeHead(this.healthy ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: this.healthy ? 'up' : 'down' }));
          return;
        }
        this.received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ answeredBy: this.name }));
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const envNameOf = (upstream: Upstream) => `${upstream.toUpperCase()}_URL`;

/**
 * The gateway in front of a stand-in for every service: what `/api/health` asks, and where
 * the recommendations routes go, with which headers.
 */
describe('the gateway and its upstreams', () => {
  const secret = randomBytes(32).toString('hex');
  let namespace: TestRedisNamespace;
  let redis: Redis;
  let services: Map<Upstream, StandInService>;
  let config: GatewayConfig;
  let app: NestFastifyApplication;
  let gatewayUrl: string;
  let memberCookie: string;
  const memberId = '0190b1de-1111-7000-8000-0000000000aa';

  const recommendations = () => services.get('recommendations')!;
  const lastReceivedBy = (upstream: Upstream) => services.get(upstream)!.received.at(-1);

  beforeAll(async () => {
    namespace = createTestRedisNamespace('gateway-upstreams');
    redis = new Redis(namespace.url, { keyPrefix: namespace.keyPrefix });
    services = new Map(UPSTREAMS.map((upstream) => [upstream, new StandInService(upstream)]));
    const urls: Record<string, string> = {};
    for (const [upstream, service] of services) urls[envNameOf(upstream)] = await service.listen();
    config = loadGatewayConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      INTERNAL_AUTH_SECRET: secret,
      REDIS_URL: namespace.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      ...urls,
    });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const { token } = await new SessionStore(redis).create(memberId);
    memberCookie = `${SESSION_COOKIE_NAME}=${token}`;
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([...(services?.values() ?? [])].map((service) => service.close()));
    redis?.disconnect();
    await namespace?.cleanup();
  });

  afterEach(() => {
    for (const service of services.values()) service.healthy = true;
  });

  it('reads one URL per upstream, recommendations among them', () => {
    expect(UPSTREAMS).toContain('recommendations');
    expect(config.RECOMMENDATIONS_URL).not.toBe(config.ANALYTICS_URL);
  });

  describe('GET /api/health', () => {
    it('asks every service behind it, recommendations included, and Redis', async () => {
      const response = await fetch(`${gatewayUrl}/api/health`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: string; services: object };
      expect(body).toEqual({
        status: 'up',
        services: Object.fromEntries(
          ['gateway', 'redis', ...UPSTREAMS].map((name) => [name, 'up']),
        ),
      });
      expect(Object.keys(body.services)).toContain('recommendations');
    });

    it('is degraded (503) while recommendations does not answer /health, and up again after', async () => {
      recommendations().healthy = false;
      const down = await fetch(`${gatewayUrl}/api/health`);
      expect(down.status).toBe(503);
      const body = (await down.json()) as { status: string; services: Record<string, string> };
      expect(body.status).toBe('degraded');
      expect(body.services['recommendations']).toBe('down');
      expect(
        Object.entries(body.services).filter(
          ([name, state]) => name !== 'recommendations' && state !== 'up',
        ),
      ).toEqual([]);

      recommendations().healthy = true;
      expect((await fetch(`${gatewayUrl}/api/health`)).status).toBe(200);
    });
  });

  describe('the recommendations routes', () => {
    it("sends GET /api/ai/recommendations with its query to recommendations, signed for the member, without the cookie or a client's visitor key", async () => {
      const url = '/api/ai/recommendations?maxRecommendations=3';
      const response = await fetch(`${gatewayUrl}${url}`, {
        headers: { cookie: memberCookie, [VISITOR_KEY_HEADER]: 'f'.repeat(32) },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ answeredBy: 'recommendations' });

      const received = lastReceivedBy('recommendations')!;
      expect(received).toMatchObject({ method: 'GET', url });
      expect(
        verifyInternalIdentity({
          secret,
          method: 'GET',
          url,
          header: received.headers[INTERNAL_IDENTITY_HEADER] as string | undefined,
        }),
      ).toEqual({ ok: true, userId: memberId });
      expect(received.headers['cookie']).toBeUndefined();
      expect(received.headers[VISITOR_KEY_HEADER]).toBeUndefined();
    });

    it('sends POST /api/ai/feedback with its JSON body to recommendations, signed for the member', async () => {
      const feedback = {
        action: 'click',
        contentId: '0190b1de-1111-7000-8000-000000000001',
        contentType: 'community',
        score: 0.42,
      };
      const response = await fetch(`${gatewayUrl}/api/ai/feedback`, {
        method: 'POST',
        headers: { cookie: memberCookie, 'content-type': 'application/json' },
        body: JSON.stringify(feedback),
      });
      expect(response.status).toBe(200);

      const received = lastReceivedBy('recommendations')!;
      expect(received).toMatchObject({ method: 'POST', url: '/api/ai/feedback' });
      expect(JSON.parse(received.body)).toEqual(feedback);
      expect(
        verifyInternalIdentity({
          secret,
          method: 'POST',
          url: '/api/ai/feedback',
          header: received.headers[INTERNAL_IDENTITY_HEADER] as string | undefined,
        }),
      ).toEqual({ ok: true, userId: memberId });
      expect(received.headers['cookie']).toBeUndefined();
    });

    it('signs a visitor as nobody (the service decides what a visitor gets)', async () => {
      const response = await fetch(`${gatewayUrl}/api/ai/recommendations`);
      expect(response.status).toBe(200);
      const received = lastReceivedBy('recommendations')!;
      expect(
        verifyInternalIdentity({
          secret,
          method: 'GET',
          url: '/api/ai/recommendations',
          header: received.headers[INTERNAL_IDENTITY_HEADER] as string | undefined,
        }),
      ).toEqual({ ok: true, userId: null });
    });

    it('answers other /api/ai paths with a JSON 404, reaching no service', async () => {
      const before = recommendations().received.length;
      const response = await fetch(`${gatewayUrl}/api/ai/other`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'No such endpoint: GET /api/ai/other' });
      expect(recommendations().received.length).toBe(before);
    });
  });

  it('answers 503 with JSON, fast, when recommendations cannot be reached', async () => {
    const unreachable = await createGatewayApp(
      loadGatewayConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        INTERNAL_AUTH_SECRET: secret,
        REDIS_URL: namespace.url,
        REDIS_KEY_PREFIX: namespace.keyPrefix,
        RECOMMENDATIONS_URL: `http://127.0.0.1:${await freePort()}`,
      }),
    );
    try {
      await unreachable.listen(0, '127.0.0.1');
      const port = (unreachable.getHttpServer().address() as AddressInfo).port;
      const started = Date.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/ai/recommendations`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: 'The recommendations service is unavailable',
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await unreachable.close();
    }
  });
});
