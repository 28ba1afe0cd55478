import { randomBytes } from 'node:crypto';
import type { Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sampleValue, ServiceMetrics } from '@wave/metrics';
import { DRAINING_HEADER } from '@wave/service-runtime';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace, freePort } from '@wave/testing';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { createGatewayApp } from '../src/gateway-app';
import { HELD_BODY_BYTES } from '../src/proxy/proxy-routes';
import { UPSTREAMS } from '../src/routing/route-table';

/** What a replica does with a request that is not `/health`. */
type Behaviour = 'answer' | 'reset' | 'draining';

/** A stand-in for one replica of timeline: records what reaches it, answers or breaks. */
class Replica {
  /** `METHOD path body` of every request that reached it (health probes aside). */
  readonly received: string[] = [];
  behaviour: Behaviour = 'answer';
  private server: Server | null = null;

  constructor(readonly name: string) {}

  /** Listens (again) on `port`, unless it listens already. */
  async listen(port = 0): Promise<string> {
    if (this.server) return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const server = createServer((req, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/health') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"up"}');
          return;
        }
        this.received.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`.trim());
        // As a process killed mid-request does: the connection breaks, no answer.
        if (this.behaviour === 'reset') {
          req.socket.destroy();
          return;
        }
        // As a stopping service does: it answers, and says it is stopping.
        const draining =
          this.behaviour === 'draining' ? { [DRAINING_HEADER]: '1', connection: 'close' } : {};
        res
          .writeHead(200, { 'content-type': 'application/json', ...draining })
          .end(JSON.stringify({ answeredBy: this.name }));
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The gateway in front of two replicas of timeline (`TIMELINE_URL` names both): requests go to
 * them in turn, and one whose connection is refused or breaks is sent once more to the other
 * when that is safe.
 */
describe('the gateway and the replicas of a service', () => {
  let namespace: TestRedisNamespace;
  let a: Replica;
  let b: Replica;
  let aPort: number;
  let bPort: number;
  let other: Replica;
  let app: NestFastifyApplication;
  let gatewayUrl: string;

  const metricsText = async () => (await app.get(ServiceMetrics).render()).body;
  const retries = async (reason: string) =>
    sampleValue(await metricsText(), 'gateway_upstream_retries_total', {
      upstream: 'timeline',
      reason,
      service: 'gateway',
    }) ?? 0;
  const answeredBy = async (response: Response) =>
    ((await response.json()) as { answeredBy?: string }).answeredBy;

  const clearReceived = () => {
    for (const replica of [a, b]) replica.received.length = 0;
  };
  const withBody = (method: string, path: string) => (body: string) =>
    fetch(`${gatewayUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body,
    });
  const put = withBody('PUT', '/api/tweets/t1');
  const post = withBody('POST', '/api/tweets');

  let config: Record<string, string>;

  beforeAll(async () => {
    namespace = createTestRedisNamespace('gateway-replicas');
    a = new Replica('a');
    b = new Replica('b');
    other = new Replica('other');
    aPort = await freePort();
    bPort = await freePort();
    const otherUrl = await other.listen();
    const urls = [await a.listen(aPort), await b.listen(bPort)];
    config = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: namespace.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      ...Object.fromEntries(
        UPSTREAMS.map((upstream) => [`${upstream.toUpperCase()}_URL`, otherUrl]),
      ),
      TIMELINE_URL: urls.join(','),
    };
  });

  // A gateway of its own for each test: none finds a replica left out of turn by another.
  beforeEach(async () => {
    app = await createGatewayApp(loadGatewayConfig(config));
    await app.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await app?.close();
    await Promise.all([a.listen(aPort), b.listen(bPort)]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), other?.close()]);
    await namespace?.cleanup();
  });

  beforeEach(() => {
    clearReceived();
    for (const replica of [a, b]) replica.behaviour = 'answer';
  });

  it('sends no new request to a replica that says it is stopping, and does not pass that on', async () => {
    a.behaviour = 'draining';
    const first = await fetch(`${gatewayUrl}/api/tweets/0`);
    const firstBy = await answeredBy(first);
    expect(first.headers.get(DRAINING_HEADER)).toBeNull();
    const answers: (string | undefined)[] = [];
    for (let i = 1; i <= 6; i += 1) {
      answers.push(await answeredBy(await post(JSON.stringify({ content: `post ${i}` }))));
    }
    // Once a has said so (at once, or after b's turn), every post goes to b.
    const afterA = firstBy === 'a' ? answers : answers.slice(1);
    expect(afterA.every((name) => name === 'b')).toBe(true);
    expect(a.received.filter((line) => line.startsWith('POST'))).toHaveLength(
      firstBy === 'a' ? 0 : 1,
    );
  });

  it('sends requests to the replicas in turn', async () => {
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(await answeredBy(await fetch(`${gatewayUrl}/api/tweets/${i}`)));
    }
    expect(answers.filter((name) => name === 'a')).toHaveLength(3);
    expect(answers.filter((name) => name === 'b')).toHaveLength(3);
    expect(answers[0]).not.toBe(answers[1]);
  });

  it('sends a read whose connection broke once more, to the other replica', async () => {
    a.behaviour = 'reset';
    b.behaviour = 'reset';
    const before = await retries('reset');
    // Both break: the first try and the one retry, and the client gets the 502.
    const failed = await fetch(`${gatewayUrl}/api/tweets/broken`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: 'The timeline service did not answer' });
    expect([...a.received, ...b.received]).toEqual([
      'GET /api/tweets/broken',
      'GET /api/tweets/broken',
    ]);
    expect(await retries('reset')).toBe(before + 1);

    // One breaks: whichever it is, the read is answered by the other.
    b.behaviour = 'answer';
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${gatewayUrl}/api/tweets/${i}/replies`);
      expect({ status: response.status, by: await answeredBy(response) }).toEqual({
        status: 200,
        by: 'b',
      });
    }
    expect(await retries('reset')).toBe(before + 3);
  });

  it('sends an idempotent request again (its small body held), but not a POST, nor a body it streamed', async () => {
    a.behaviour = 'reset';
    b.behaviour = 'reset';
    const deleted = await fetch(`${gatewayUrl}/api/tweets/t1/like`, { method: 'DELETE' });
    expect(deleted.status).toBe(502);
    expect([...a.received, ...b.received]).toHaveLength(2);

    clearReceived();
    const liked = await fetch(`${gatewayUrl}/api/tweets/t1/like`, { method: 'POST' });
    expect(liked.status).toBe(502);
    expect([...a.received, ...b.received]).toEqual(['POST /api/tweets/t1/like']);

    clearReceived();
    const edited = await put(JSON.stringify({ content: 'edited' }));
    expect(edited.status).toBe(502);
    expect([...a.received, ...b.received]).toEqual([
      'PUT /api/tweets/t1 {"content":"edited"}',
      'PUT /api/tweets/t1 {"content":"edited"}',
    ]);

    clearReceived();
    const large = await put(JSON.stringify({ content: 'x'.repeat(HELD_BODY_BYTES) }));
    expect(large.status).toBe(502);
    expect([...a.received, ...b.received]).toHaveLength(1);
  });

  it('leaves a replica that refuses out of turn after one retried read, and says it is down', async () => {
    await a.close();
    const before = await retries('refused');
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${gatewayUrl}/api/tweets/${i}`);
      expect({ status: response.status, by: await answeredBy(response) }).toEqual({
        status: 200,
        by: 'b',
      });
    }
    // One read found it refusing, and was sent to b; the others went to b straight away.
    expect(await retries('refused')).toBe(before + 1);
    expect(b.received).toHaveLength(6);
    const text = await metricsText();
    expect(
      sampleValue(text, 'gateway_upstream_replicas', {
        upstream: 'timeline',
        state: 'out',
        service: 'gateway',
      }),
    ).toBe(1);
    const health = await fetch(`${gatewayUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { services: Record<string, string> }).services).toMatchObject({
      timeline: 'down',
      identity: 'up',
    });

    // Both refusing: a read and a small post are tried twice, a post streamed once.
    await b.close();
    const read = await fetch(`${gatewayUrl}/api/tweets/1`);
    expect([read.status, await read.json()]).toEqual([
      502,
      { message: 'The timeline service is unavailable' },
    ]);
    expect(await retries('refused')).toBe(before + 2);
    expect((await post(JSON.stringify({ content: 'hello' }))).status).toBe(502);
    expect(await retries('refused')).toBe(before + 3);
    const large = await post(JSON.stringify({ content: 'x'.repeat(HELD_BODY_BYTES) }));
    expect(large.status).toBe(502);
    expect(await retries('refused')).toBe(before + 3);
    // Three failures each: both circuits are open, and the next request is answered at once.
    const fast = await fetch(`${gatewayUrl}/api/tweets/1`);
    expect([fast.status, fast.headers.get('retry-after'), await fast.json()]).toEqual([
      503,
      '2',
      { message: 'The timeline service is unavailable' },
    ]);
    expect(await retries('refused')).toBe(before + 3);
  });

  it('leaves a replica that refuses out of turn even when the request that found it cannot be sent again', async () => {
    await a.close();
    // Bodies too large to hold: the one that finds it refusing fails (it cannot be sent
    // again), and the connection it came on is closed; the others all go to b.
    const answers: { status: number; connection: string | null }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await post(JSON.stringify({ content: 'x'.repeat(HELD_BODY_BYTES) }));
      answers.push({ status: response.status, connection: response.headers.get('connection') });
    }
    expect(answers.filter(({ status }) => status !== 200)).toEqual([
      { status: 502, connection: 'close' },
    ]);
    expect(b.received).toHaveLength(5);
  });
});
