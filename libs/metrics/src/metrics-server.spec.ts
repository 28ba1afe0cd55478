import type { IncomingHttpHeaders, Server } from 'node:http';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Gauge, Registry } from 'prom-client';
import { closeServer, startMetricsServer } from './metrics-server';
import { ServiceMetrics } from './service-metrics';

const HOST = '127.0.0.1';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (or on `agent`'s), its whole answer read. */
const send = (port: number, method: string, path: string, agent?: Agent): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: HOST, port, method, path, agent: agent ?? false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });

/** Resolves with the error code of a TCP connection attempt, or 'connected'. */
const tryConnect = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

describe(startMetricsServer.name, () => {
  const servers: Server[] = [];
  /** Starts a server on a port the system picks (not @wave/testing's freePort: it depends on us). */
  const start = async (metrics: ServiceMetrics) => {
    const server = await startMetricsServer(metrics, 0, HOST);
    servers.push(server);
    return (server.address() as AddressInfo).port;
  };

  afterAll(async () => {
    await Promise.all(servers.filter((server) => server.listening).map(closeServer));
  });

  describe('with metrics that collect', () => {
    let port: number;

    beforeAll(async () => {
      const metrics = new ServiceMetrics('server-spec');
      metrics.observeRequest('GET', '/tweets/:id', 200, 0.02);
      port = await start(metrics);
    });

    it('serves the exposition text on GET /metrics', async () => {
      const answer = await send(port, 'GET', '/metrics');

      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toContain(
        'http_request_duration_seconds_count{service="server-spec",method="GET",route="/tweets/:id",status_code="200"} 1\n',
      );
      expect(answer.body).toMatch(/^process_resident_memory_bytes\{service="server-spec"\} \d+$/m);
    });

    it('ignores a query string', async () => {
      const answer = await send(port, 'GET', '/metrics?name[]=up');

      expect(answer.status).toBe(200);
      expect(answer.body).toContain('# TYPE http_request_duration_seconds histogram\n');
    });

    it('answers HEAD with the headers only', async () => {
      const answer = await send(port, 'HEAD', '/metrics');

      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
      expect(answer.body).toBe('');
    });

    it.each(['/other', '/', '/metrics/extra'])(
      'answers GET %s with 404 and a JSON message',
      async (path) => {
        const answer = await send(port, 'GET', path);

        expect(answer.status).toBe(404);
        expect(answer.headers['content-type']).toBe('application/json');
        expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/\/metrics/) });
      },
    );

    it.each(['POST', 'PUT', 'DELETE'])('refuses %s /metrics with 405', async (method) => {
      const answer = await send(port, method, '/metrics');

      expect(answer.status).toBe(405);
      expect(answer.headers['allow']).toBe('GET, HEAD');
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
    });
  });

  it('answers 500 with a JSON message when a collector throws, and goes on serving', async () => {
    const metrics = new ServiceMetrics('broken-spec');
    new Gauge({
      name: 'broken_gauge',
      help: 'A gauge whose collector fails.',
      registers: [metrics.registry],
      collect() {
        throw new Error('the datastore is gone');
      },
    });
    const port = await start(metrics);

    const first = await send(port, 'GET', '/metrics');
    const second = await send(port, 'GET', '/metrics');

    for (const answer of [first, second]) {
      expect(answer.status).toBe(500);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.body)).toEqual({
        message: expect.stringContaining('the datastore is gone'),
      });
    }
  });

  it('refuses to start on a port already taken', async () => {
    const metrics = new ServiceMetrics('taken-spec');
    const port = await start(metrics);

    await expect(startMetricsServer(metrics, port, HOST)).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('closeServer stops listening at once, idle keep-alive connections included', async () => {
    const port = await start(new ServiceMetrics('closing-spec'));
    const server = servers.at(-1)!;
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await send(port, 'GET', '/metrics', agent)).status).toBe(200);
      // The connection stays open, idle, for the server's keep-alive timeout (65 s).
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);

      const started = performance.now();
      await closeServer(server);

      expect(performance.now() - started).toBeLessThan(1_000);
      expect(server.listening).toBe(false);
      expect(await tryConnect(port)).toBe('ECONNREFUSED');
    } finally {
      agent.destroy();
    }
  });
});
