import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_VERSION, openApiDocument } from '@wave/contracts';
import { SESSION_COOKIE_NAME } from '@wave/sessions';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace } from '@wave/testing';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { API_DOCS_CACHE_CONTROL, API_DOCS_CSP } from '../src/docs/api-docs-routes';
import { createGatewayApp } from '../src/gateway-app';
import { UPSTREAMS } from '../src/routing/route-table';

/** The gateway in front of one stand-in for every service, which counts what reaches it. */
async function startGateway(
  namespace: TestRedisNamespace,
  env: Record<string, string> = {},
): Promise<{ app: NestFastifyApplication; url: string; service: Server; proxied: string[] }> {
  const proxied: string[] = [];
  const service = createServer((req, res) => {
    req.resume();
    if (req.url !== '/health') proxied.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  const app = await createGatewayApp(
    loadGatewayConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: namespace.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      ...Object.fromEntries(
        UPSTREAMS.map((upstream) => [`${upstream.toUpperCase()}_URL`, serviceUrl]),
      ),
      ...env,
    }),
  );
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return { app, url, service, proxied };
}

async function stop(started: { app: NestFastifyApplication; service: Server } | undefined) {
  await started?.app.close();
  started?.service.closeAllConnections();
  await new Promise((resolve) => started?.service.close(resolve));
}

/** The same-origin scripts and styles a page names. */
const assetsOf = (html: string): string[] =>
  [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);

describe('the API documentation (GET /api/docs)', () => {
  let namespace: TestRedisNamespace;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const get = (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, init);

  beforeAll(async () => {
    namespace = createTestRedisNamespace('gateway-api-docs');
    gateway = await startGateway(namespace);
  });

  afterAll(async () => {
    await stop(gateway);
    await namespace?.cleanup();
  });

  it('serves the OpenAPI document at /api/docs/json, briefly cacheable, and proxies nothing', async () => {
    const response = await get('/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(response.headers.get('cache-control')).toBe(API_DOCS_CACHE_CONTROL);
    // The gateway's other headers stay.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual(
      openApiDocument({ sessionCookieName: SESSION_COOKIE_NAME }),
    );
    expect(gateway.proxied).toEqual([]);
  });

  it("names the workspace's version (package.json)", () => {
    const workspace = JSON.parse(
      readFileSync(join(__dirname, '../../../package.json'), 'utf8'),
    ) as { version: string };
    expect(API_VERSION).toBe(workspace.version);
  });

  it('serves it as YAML at /api/docs/yaml', async () => {
    const response = await get('/api/docs/yaml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-yaml\b/);
    expect(await response.text()).toMatch(/^openapi: 3\.1\.\d+$/m);
  });

  it.each(['/api/docs', '/api/docs/'])(
    'renders Swagger UI at %s under a policy of its own that lets its files run, and only them',
    async (path) => {
      const response = await get(path, { redirect: 'follow' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toBe(API_DOCS_CSP);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");

      const html = await response.text();
      expect(html).toContain('<div id="swagger-ui">');
      // Nothing inline that the policy would block: every script is a file, no style attribute.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle=/);
      const assets = assetsOf(html);
      expect(assets.some((asset) => asset.endsWith('/swagger-initializer.js'))).toBe(true);
      for (const asset of assets) {
        const file = await get(new URL(asset, `${gateway.url}${path}`).pathname);
        expect(`${asset} ${file.status}`).toBe(`${asset} 200`);
        if (asset.endsWith('.js')) {
          expect(file.headers.get('content-type')).toMatch(/javascript/);
        }
        // Read whole: an unread body holds its connection, and the gateway's close waits for it.
        await file.arrayBuffer();
      }
    },
  );

  it('points the page at the document', async () => {
    const initializer = await (await get('/api/docs/static/swagger-initializer.js')).text();
    expect(initializer).toContain("resolveUrl('./json')");
  });

  it("keeps the API's own policy everywhere else", async () => {
    const response = await get('/api/health');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });

  it('answers other paths under /api/docs and other methods with a JSON 404, reaching no service', async () => {
    for (const [method, path] of [
      ['GET', '/api/docs/nope'],
      ['GET', '/api/docs/static/nope.js'],
      ['POST', '/api/docs/json'],
    ] as const) {
      const response = await get(path, { method });
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
    expect(gateway.proxied).toEqual([]);
  });
});

describe('the API documentation and the request budget', () => {
  let namespace: TestRedisNamespace;
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;

  beforeAll(async () => {
    namespace = createTestRedisNamespace('gateway-api-docs-budget');
    gateway = await startGateway(namespace, { REQUEST_RATE_LIMIT_PER_IP: '3' });
  });

  afterAll(async () => {
    await stop(gateway);
    await namespace?.cleanup();
  });

  it('counts against the budget like any other call', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) {
      statuses.push((await fetch(`${gateway!.url}/api/docs/json`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
