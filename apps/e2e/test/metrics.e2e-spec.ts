import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { sampleValue, samplesOf } from '@wave/metrics';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { SERVICES, startStack } from './support/stack';

const APPS = ['gateway', ...SERVICES] as const;

/**
 * The value of the one series of `name` with these labels (among others: `service`, say), or
 * undefined when it is absent; throws when the labels name more than one.
 */
const sample = (text: string, name: string, labels: Record<string, string>): number | undefined =>
  sampleValue(text, name, labels, { partial: true });

/**
 * A stand-in OpenTelemetry Collector: keeps the bodies of the OTLP exports (protobuf) it is sent.
 * Read as bytes: a trace id is its 16 bytes, a name its UTF-8 (no decoder needed to find them).
 */
class StandInCollector {
  readonly exports: Buffer[] = [];
  private readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') this.exports.push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The exports of this service (its resource's service.name) holding every one of `parts`. */
  exportsOf(service: string, ...parts: (string | Buffer)[]): Buffer[] {
    // service.name's value, an AnyValue whose string_value is field 1 (tag 0x0a), then its length.
    const name = Buffer.concat([Buffer.from([0x0a, service.length]), Buffer.from(service)]);
    return this.exports.filter((body) =>
      [Buffer.from('service.name'), name, ...parts].every((part) => body.includes(part)),
    );
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('metrics (Prometheus) and traces (OTLP)', () => {
  let stack: Stack;
  const collector = new StandInCollector();
  const scrape = async (app: string) => {
    const response = await fetch(stack.metricsUrls[app]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    const collectorUrl = await collector.listen();
    stack = await startStack(
      'metrics',
      { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl },
      { metrics: true },
    );
  });
  afterAll(async () => {
    await stack?.stop();
    await collector.close();
  });

  it.each(APPS)(
    '%s serves its own metrics on its metrics port: process memory, event-loop lag',
    async (app) => {
      const text = await scrape(app);
      expect(sample(text, 'process_resident_memory_bytes', { service: app })).toBeGreaterThan(
        10_000_000,
      );
      expect(sample(text, 'nodejs_eventloop_lag_seconds', { service: app })).toBeGreaterThanOrEqual(
        0,
      );
    },
  );

  it('times a feed read through the gateway in the gateway and in timeline, by route and status', async () => {
    const ada = new ApiClient(stack.gateway.url);
    expect((await ada.post('/api/register', newAccount('metrics'))).status).toBe(201);
    expect((await ada.post('/api/tweets', { content: 'counted' })).status).toBe(201);
    const readsIn = async (app: string, route: string) =>
      sample(await scrape(app), 'http_request_duration_seconds_count', {
        service: app,
        method: 'GET',
        route,
        status_code: '200',
      }) ?? 0;
    const before = {
      gateway: await readsIn('gateway', '/api/tweets'),
      timeline: await readsIn('timeline', '/api/tweets'),
    };

    for (let i = 0; i < 3; i += 1) expect((await ada.get('/api/tweets')).status).toBe(200);

    // The gateway labels a proxied request with the route table's rule it matched.
    expect(await readsIn('gateway', '/api/tweets')).toBe(before.gateway + 3);
    expect(await readsIn('timeline', '/api/tweets')).toBe(before.timeline + 3);
    const timeline = await scrape('timeline');
    expect(
      (sample(timeline, 'timeline_home_cache_reads_total', { result: 'hit' }) ?? 0) +
        (sample(timeline, 'timeline_home_cache_reads_total', { result: 'rebuilt' }) ?? 0),
    ).toBeGreaterThanOrEqual(3);
  });

  it('counts the answers the gateway’s own checks give (a refused cross-site write)', async () => {
    const refused = async () =>
      sample(await scrape('gateway'), 'http_request_duration_seconds_count', {
        service: 'gateway',
        method: 'POST',
        // Refused before the proxy, and still counted under the route table's rule.
        route: '/api/tweets',
        status_code: '403',
      }) ?? 0;
    const before = await refused();
    const response = await new ApiClient(stack.gateway.url).post(
      '/api/tweets',
      { content: 'x' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
    expect(await refused()).toBe(before + 1);
  });

  it('shows a stopped consumer’s backlog growing in the other services, and draining once it is back', async () => {
    const timelineSays = async () => {
      const text = await scrape('timeline');
      const queue = samplesOf(text, 'queue_jobs')
        .map((found) => found.labels['queue'])
        .find((name) => name?.endsWith('search-events'));
      return {
        waiting: queue ? sample(text, 'queue_jobs', { queue, state: 'waiting' }) : undefined,
        oldest: queue ? sample(text, 'queue_oldest_waiting_seconds', { queue }) : undefined,
      };
    };
    await stack.search.stop();
    try {
      const author = new ApiClient(stack.gateway.url);
      expect((await author.post('/api/register', newAccount('backlog'))).status).toBe(201);
      for (let i = 0; i < 3; i += 1) {
        expect((await author.post('/api/tweets', { content: `queued ${i}` })).status).toBe(201);
      }
      // Search's events wait in its queue: timeline (and every other service) reports them.
      const behind = await eventually(timelineSays, ({ waiting }) => (waiting ?? 0) >= 4, {
        timeoutMs: 20_000,
        what: 'search’s backlog in timeline’s metrics',
      });
      expect(behind.oldest).toBeGreaterThan(0);
    } finally {
      await stack.search.start();
    }
    const caughtUp = await eventually(timelineSays, ({ waiting }) => waiting === 0, {
      timeoutMs: 30_000,
      what: 'search to drain its queue',
    });
    expect(caughtUp.oldest).toBe(0);
  });

  it('shows the outbox’s lag in each service that publishes', async () => {
    for (const app of ['identity', 'timeline', 'communities', 'search']) {
      const text = await scrape(app);
      expect({
        app,
        unpublished: sample(text, 'outbox_unpublished_events', { service: app }),
      }).toEqual({
        app,
        unpublished: expect.any(Number),
      });
      expect(
        sample(text, 'outbox_oldest_unpublished_seconds', { service: app }),
      ).toBeGreaterThanOrEqual(0);
    }
  });

  it('labels what no rule matches as unmatched, whatever the path', async () => {
    const unmatched = async () =>
      sample(await scrape('gateway'), 'http_request_duration_seconds_count', {
        service: 'gateway',
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }) ?? 0;
    const before = await unmatched();
    const visitor = new ApiClient(stack.gateway.url);
    for (const path of ['/api/nope', '/api/nope/again', '/api/x1']) {
      expect((await visitor.get(path)).status).toBe(404);
    }
    expect(await unmatched()).toBe(before + 3);
  });

  it('exports one trace of a post from the gateway and from timeline, its request and its event’s job', async () => {
    const ada = new ApiClient(stack.gateway.url);
    expect((await ada.post('/api/register', newAccount('traces'))).status).toBe(201);
    const posted = await ada.post<{ id: string }>('/api/tweets', { content: 'traced' });
    expect(posted.status).toBe(201);
    const { id } = posted.body;
    // The trace the gateway began for the request, as timeline wrote it down with the post's
    // event (its outbox row): `00-<trace id>-<span id>-01`.
    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    let traceparent: string;
    try {
      const { rows } = await db.query<{ traceparent: string }>(
        `SELECT trace_context->>'traceparent' AS traceparent FROM timeline.outbox
         WHERE name = 'tweet.created' AND payload->>'tweetId' = $1`,
        [id],
      );
      traceparent = rows[0]!.traceparent;
    } finally {
      await db.end();
    }
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const traceId = Buffer.from(traceparent.split('-')[1]!, 'hex');

    // Batched: each service sends its spans within seconds, or once it stops.
    await eventually(
      () =>
        Promise.resolve({
          gateway: collector.exportsOf('gateway', traceId, 'POST /api/tweets').length,
          timeline: collector.exportsOf('timeline', traceId, 'POST /api/tweets').length,
          handled: collector.exportsOf('timeline', traceId, 'process timeline-events').length,
        }),
      (found) => found.gateway > 0 && found.timeline > 0 && found.handled > 0,
      { what: `the spans of trace ${traceparent}`, timeoutMs: 20_000 },
    );
  });

  it('is not reachable through the gateway, nor on any service’s API port', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await visitor.get(path);
      expect({ path, status: response.status }).toEqual({
        path,
        status: expect.any(Number),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.text).not.toContain('process_resident_memory_bytes');
    }
    for (const app of APPS) {
      const response = await fetch(`${stack[app].url}/metrics`);
      expect({ app, status: response.status }).toEqual({ app, status: 404 });
    }
  });
});
