import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer, request as httpRequest } from 'node:http';
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
import { createTestRedisNamespace, eventually, freePort } from '@wave/testing';
import type { GatewayConfig } from '../src/config/gateway.config';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { createGatewayApp } from '../src/gateway-app';
import type { Upstream } from '../src/routing/route-table';
import { UPSTREAMS } from '../src/routing/route-table';
import { RequestBudget } from '../src/security/request-budget';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  rawBody: Buffer;
}

/** A test's own answer for some requests: true when it answered. */
type Answer = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A stand-in for one service: answers /health (unless told not to) and records the rest. */
class StandInService {
  readonly received: Received[] = [];
  healthy = true;
  /** Answers before the request's body is read, when it takes the request. */
  answer: Answer | null = null;
  /** Bytes of request bodies received, also of requests that never ended. */
  bytesReceived = 0;
  private readonly server: Server;

  constructor(readonly name: Upstream) {
    this.server = createServer((req, res) => {
      if (this.answer?.(req, res)) return;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        this.bytesReceived += chunk.length;
      });
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
          rawBody: Buffer.concat(chunks),
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
  /** Whom the signed identity header a service received names, checked for `method` and `url`. */
  const signedIdentityOf = (received: Received, method: string, url: string) =>
    verifyInternalIdentity({
      secret,
      method,
      url,
      header: received.headers[INTERNAL_IDENTITY_HEADER] as string | undefined,
    });

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
    for (const service of services.values()) {
      service.healthy = true;
      service.answer = null;
    }
  });

  it('reads one URL per upstream, recommendations among them', () => {
    expect(UPSTREAMS).toContain('recommendations');
    expect(config.RECOMMENDATIONS_URL).not.toEqual(config.ANALYTICS_URL);
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
        circuits: Object.fromEntries(UPSTREAMS.map((name) => [name, 'closed'])),
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
      expect(signedIdentityOf(received, 'GET', url)).toEqual({ ok: true, userId: memberId });
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
      expect(signedIdentityOf(received, 'POST', '/api/ai/feedback')).toEqual({
        ok: true,
        userId: memberId,
      });
      expect(received.headers['cookie']).toBeUndefined();
    });

    it('signs a visitor as nobody (the service decides what a visitor gets)', async () => {
      const response = await fetch(`${gatewayUrl}/api/ai/recommendations`);
      expect(response.status).toBe(200);
      const received = lastReceivedBy('recommendations')!;
      expect(signedIdentityOf(received, 'GET', '/api/ai/recommendations')).toEqual({
        ok: true,
        userId: null,
      });
    });

    it('answers other /api/ai paths with a JSON 404, reaching no service', async () => {
      const before = recommendations().received.length;
      const response = await fetch(`${gatewayUrl}/api/ai/other`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'No such endpoint: GET /api/ai/other' });
      expect(recommendations().received.length).toBe(before);
    });
  });

  describe('the proxy', () => {
    const identity = () => services.get('identity')!;
    const media = () => services.get('media')!;

    it("passes on the service's status and headers, cookies included, but not the headers naming its software", async () => {
      identity().answer = (req, res) => {
        if (req.url !== '/api/logout') return false;
        req.resume();
        res.writeHead(201, {
          'content-type': 'application/json',
          'set-cookie': ['wave_session=; Max-Age=0; Path=/', 'other=1; Path=/'],
          'x-powered-by': 'Express',
          server: 'stand-in/1.0',
          'x-custom': 'kept',
        });
        res.end('{"signedOut":true}');
        return true;
      };
      const response = await fetch(`${gatewayUrl}/api/logout`, {
        method: 'POST',
        headers: { cookie: memberCookie },
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ signedOut: true });
      expect(response.headers.getSetCookie()).toEqual([
        'wave_session=; Max-Age=0; Path=/',
        'other=1; Path=/',
      ]);
      expect(response.headers.get('x-custom')).toBe('kept');
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('server')).toBeNull();
    });

    it('gives identity the cookie, and every service the client address and the request id', async () => {
      await fetch(`${gatewayUrl}/api/user`, {
        headers: { cookie: memberCookie, 'x-request-id': 'trace-proxy-1' },
      });
      const received = lastReceivedBy('identity')!;
      expect(received.headers['cookie']).toBe(memberCookie);
      expect(received.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(received.headers['x-request-id']).toBe('trace-proxy-1');
      expect(received.headers['host']).toBe(new URL(config.IDENTITY_URL[0]!).host);
    });

    it.each([
      '/api/users/some%20one/followers?cursor=a%2Bb%3D&limit=5&q=caf%C3%A9',
      "/api/users/ada/followers?q=don't&x=%22quoted%22",
      '/api/users/ada/followers?q=100%&r=%E0%A4%A',
      '/api/users/ada/followers?url=https%3A%2F%2Fex.com%2Fa%2F..%2Fb&q=../x',
    ])('sends %s on exactly as the client wrote it, signed as such', async (url) => {
      // Sent as written (fetch would escape some of it itself).
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${gatewayUrl}/`, { path: url, headers: { cookie: memberCookie } });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
      const received = lastReceivedBy('identity')!;
      expect(received).toMatchObject({ method: 'GET', url });
      expect(signedIdentityOf(received, 'GET', received.url)).toEqual({
        ok: true,
        userId: memberId,
      });
    });

    it.each([
      ['GET', '/api/seo/track'],
      ['POST', '/api/health'],
    ])(
      'answers %s %s, a path it answers itself by another method, with 405',
      async (method, path) => {
        const response = await fetch(`${gatewayUrl}${path}`, { method });
        expect(response.status).toBe(405);
        expect(await response.json()).toEqual({
          message: `Method ${method} is not allowed on ${path}`,
        });
      },
    );

    it("passes a service's 503 to a read on once, without asking again", async () => {
      const search = services.get('search')!;
      let asked = 0;
      search.answer = (req, res) => {
        if (req.url?.startsWith('/api/search?q=busy') !== true) return false;
        asked += 1;
        req.resume();
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"message":"Search is reindexing"}');
        return true;
      };
      const response = await fetch(`${gatewayUrl}/api/search?q=busy`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'Search is reindexing' });
      expect(asked).toBe(1);
    });

    it('takes an upload sent with Expect: 100-continue (as curl sends large bodies)', async () => {
      const upload = randomBytes(256 * 1024);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${gatewayUrl}/objects/uploads/continued`, {
          method: 'PUT',
          headers: {
            'content-type': 'image/png',
            'content-length': String(upload.length),
            expect: '100-continue',
            cookie: memberCookie,
          },
        });
        req.on('continue', () => req.end(upload));
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
      });
      expect(status).toBe(200);
      const received = lastReceivedBy('media')!;
      expect(received.url).toBe('/objects/uploads/continued');
      expect(received.headers['expect']).toBeUndefined();
      expect(received.rawBody.equals(upload)).toBe(true);
    });

    it.each([['false'], ['0'], ['null'], ['""'], ['{"email":"a@b.c","password":"x"}']])(
      'sends a sign-in body the gateway has read (%s) on as it was',
      async (text) => {
        const response = await fetch(`${gatewayUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        expect(response.status).toBe(200);
        const received = lastReceivedBy('identity')!;
        expect(received).toMatchObject({ method: 'POST', url: '/api/login', body: text });
        expect(received.headers['content-type']).toBe('application/json');
        expect(received.headers['content-length']).toBe(String(Buffer.byteLength(text)));
      },
    );

    it('streams a large answer through unchanged', async () => {
      const payload = randomBytes(6 * 1024 * 1024);
      media().answer = (req, res) => {
        if (!req.url?.startsWith('/objects/uploads/large')) return false;
        req.resume();
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        // In pieces, as a service streaming an object would.
        for (let offset = 0; offset < payload.length; offset += 256 * 1024) {
          res.write(payload.subarray(offset, offset + 256 * 1024));
        }
        res.end();
        return true;
      };
      const response = await fetch(`${gatewayUrl}/objects/uploads/large`);
      expect(response.status).toBe(200);
      const received = Buffer.from(await response.arrayBuffer());
      expect(received.length).toBe(payload.length);
      expect(createHash('sha256').update(received).digest('hex')).toBe(
        createHash('sha256').update(payload).digest('hex'),
      );
    });

    it('streams an upload of declared length to the service byte for byte', async () => {
      const upload = randomBytes(3 * 1024 * 1024);
      const response = await fetch(`${gatewayUrl}/objects/uploads/some-object`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png', cookie: memberCookie },
        body: upload,
      });
      expect(response.status).toBe(200);
      const received = lastReceivedBy('media')!;
      expect(received).toMatchObject({ method: 'PUT', url: '/objects/uploads/some-object' });
      expect(received.headers['content-length']).toBe(String(upload.length));
      expect(received.headers['content-type']).toBe('image/png');
      expect(createHash('sha256').update(received.rawBody).digest('hex')).toBe(
        createHash('sha256').update(upload).digest('hex'),
      );
    });

    it('stops a chunked body once it outgrows its limit: 413, and the service never gets it whole', async () => {
      const limit = config.JSON_BODY_LIMIT_BYTES;
      const before = identity().received.length;
      identity().bytesReceived = 0;
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        let answered = false;
        const req = httpRequest(`${gatewayUrl}/api/users/profile`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            cookie: memberCookie,
          },
        });
        req.on('response', (res) => {
          answered = true;
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
          );
        });
        // The gateway closes the connection after its answer; writing on may fail then.
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        let sent = 0;
        const write = (): void => {
          // Two pieces past the limit, then the end: no more once answered. (The gateway reads
          // and drops what follows its answer, so the connection closes without a reset.)
          while (!answered && sent < limit / chunk.length + 2) {
            sent += 1;
            if (!req.write(chunk)) {
              req.once('drain', write);
              return;
            }
          }
          if (!answered) req.end();
        };
        write();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'Request body is too large (at most 1 MB)',
      });
      expect(identity().received.length).toBe(before);
      expect(identity().bytesReceived).toBeLessThanOrEqual(limit);
    });

    it.each([
      '/api/tweets/%E0%A4%A',
      '/api/tweets/..',
      '/api/tweets/%2e%2e/x',
      '/api/tweets/a\\..\\..\\..\\health',
      '/api/users/a%2F..%2F..%2Fhealth',
    ])(
      'answers the malformed or climbing path %s with a JSON 4xx, reaching no service',
      async (path) => {
        const before = services.get('timeline')!.received.length;
        // Sent as written: fetch would resolve the dots itself.
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest(`${gatewayUrl}/`, { path }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (part: Buffer) => parts.push(part));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
            );
          });
          req.on('error', reject);
          req.end();
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) as string });
        expect(services.get('timeline')!.received.length).toBe(before);
      },
    );
  });

  it('answers 504 with JSON when a service takes longer than the upstream timeout', async () => {
    const slow = await createGatewayApp({ ...config, UPSTREAM_TIMEOUT_MS: 300 });
    const search = services.get('search')!;
    const waiting: ServerResponse[] = [];
    search.answer = (req, res) => {
      if (req.url?.startsWith('/api/search') !== true) return false;
      waiting.push(res);
      return true;
    };
    try {
      await slow.listen(0, '127.0.0.1');
      const port = (slow.getHttpServer().address() as AddressInfo).port;
      const started = Date.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/search?q=slow`);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({
        message: 'The search service did not answer in time',
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const res of waiting) res.destroy();
      await slow.close();
    }
  });

  it('stops waiting on a hung service after three timeouts, answering 503 at once, until a probe of its /health is answered', async () => {
    const hung = await createGatewayApp({ ...config, UPSTREAM_TIMEOUT_MS: 300 });
    const search = services.get('search')!;
    // Stopped (SIGSTOP): its connections are taken, and nothing is answered, /health neither.
    let stopped = true;
    const waiting: ServerResponse[] = [];
    search.answer = (_req, res) => {
      if (!stopped) return false;
      waiting.push(res);
      return true;
    };
    try {
      await hung.listen(0, '127.0.0.1');
      const url = `http://127.0.0.1:${(hung.getHttpServer().address() as AddressInfo).port}`;
      const timed = async () => {
        const started = Date.now();
        const response = await fetch(`${url}/api/search?q=hung`);
        return { status: response.status, ms: Date.now() - started, body: await response.json() };
      };
      for (let i = 0; i < 3; i += 1) {
        const answer = await timed();
        expect(answer.status).toBe(504);
        expect(answer.ms).toBeGreaterThanOrEqual(250);
      }
      const fast = await timed();
      expect(fast).toMatchObject({
        status: 503,
        body: { message: 'The search service is unavailable' },
      });
      expect(fast.ms).toBeLessThan(200);
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toMatchObject({
        status: 'degraded',
        services: { search: 'down' },
        circuits: { search: 'open', timeline: 'closed' },
      });

      // It goes on: the next probe (every 2 s) is answered, and its requests go to it again.
      stopped = false;
      for (const res of waiting.splice(0)) res.destroy();
      const back = await eventually(
        () => timed(),
        (answer) => answer.status === 200,
        { what: 'search answering through the gateway again', timeoutMs: 5_000 },
      );
      expect(back.body).toEqual({ answeredBy: 'search' });
      expect(await (await fetch(`${url}/api/health`)).json()).toMatchObject({
        circuits: { search: 'closed' },
      });
    } finally {
      stopped = false;
      for (const res of waiting) res.destroy();
      await hung.close();
    }
    // Three timeouts, then up to two probe intervals (2 s each).
  }, 15_000);

  it('answers 502 with JSON, fast, when recommendations cannot be reached', async () => {
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
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        message: 'The recommendations service is unavailable',
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await unreachable.close();
    }
  });

  it('answers one JSON 500, with its headers and no service reached, when a check of the pipeline throws', async () => {
    const budget = app.get(RequestBudget);
    const failing = jest.spyOn(budget, 'run').mockRejectedValue(new Error('budget broke'));
    const before = lastReceivedBy('recommendations');
    try {
      const response = await fetch(`${gatewayUrl}/api/ai/recommendations`, {
        headers: { cookie: memberCookie, 'x-request-id': 'trace-check-throws' },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Internal server error' });
      expect(response.headers.get('x-request-id')).toBe('trace-check-throws');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(failing).toHaveBeenCalledTimes(1);
      expect(lastReceivedBy('recommendations')).toBe(before);
    } finally {
      failing.mockRestore();
    }
  });
});
