import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace, eventually } from '@wave/testing';
import type { Tracing } from '@wave/tracing';
import { startTracing } from '@wave/tracing';
import { loadGatewayConfig } from '../src/config/gateway.config';
import { createGatewayApp } from '../src/gateway-app';
import { UPSTREAMS, urlVarOf } from '../src/routing/route-table';

/**
 * The gateway begins the trace of every request (a client's `traceparent` is not believed) and
 * hands it to the service with the request; spans kept in memory.
 */
describe('the gateway’s traces', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null = null;
  let namespace: TestRedisNamespace;
  let service: Server;
  let app: NestFastifyApplication;
  let gatewayUrl: string;
  const received: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    tracing = startTracing({ service: 'gateway', config: {}, exporter });
    namespace = createTestRedisNamespace('gateway-traces');
    // One stand-in answers for every service: the headers it was sent are what matter.
    service = createServer((req, res) => {
      if (req.url !== '/health') received.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"items":[],"nextCursor":null}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    app = await createGatewayApp(
      loadGatewayConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
        REDIS_URL: namespace.url,
        REDIS_KEY_PREFIX: namespace.keyPrefix,
        ...Object.fromEntries(UPSTREAMS.map((upstream) => [urlVarOf(upstream), url])),
      }),
    );
    await app.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    service?.closeAllConnections();
    await new Promise((resolve) => service?.close(resolve));
    await namespace?.cleanup();
    await tracing?.shutdown();
  });

  beforeEach(() => {
    exporter.reset();
    received.length = 0;
  });

  /** The server spans finished so far (a span ends when its answer has been sent). */
  const serverSpans = () =>
    exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  /** The one server span of a request, once it has ended (just after its answer went out). */
  const requestSpan = async () => {
    const [span] = await eventually(
      () => Promise.resolve(serverSpans()),
      (spans) => spans.length === 1,
      { what: 'the request’s span' },
    );
    return span!;
  };

  it('sends the service its own trace of the request, not the client’s', async () => {
    const clientTrace = 'a'.repeat(32);
    const response = await fetch(`${gatewayUrl}/api/tweets?limit=5`, {
      headers: { traceparent: `00-${clientTrace}-${'b'.repeat(16)}-01`, tracestate: 'x=1' },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();

    const span = await requestSpan();
    expect(span.name).toBe('GET /api/tweets');
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.spanContext().traceId).not.toBe(clientTrace);
    expect(span.attributes).toMatchObject({
      'http.route': '/api/tweets',
      'wave.upstream': 'timeline',
      'http.response.status_code': 200,
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.traceparent).toBe(
      `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`,
    );
    expect(received[0]!.tracestate).toBeUndefined();
  });

  it('ends the span of a request it answers itself (no such endpoint), with its status', async () => {
    const response = await fetch(`${gatewayUrl}/api/no-such-thing`);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    expect((await requestSpan()).attributes['http.response.status_code']).toBe(404);
    expect(received).toEqual([]);
  });

  it('does not trace its health probe', async () => {
    const response = await fetch(`${gatewayUrl}/api/health`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    // A request after it is traced, and is the only one.
    await (await fetch(`${gatewayUrl}/api/no-such-thing`)).arrayBuffer();
    expect((await requestSpan()).attributes['url.path']).toBe('/api/no-such-thing');
  });
});
