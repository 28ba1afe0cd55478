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

describe('metrics (Prometheus)', () => {
  let stack: Stack;
  const scrape = async (app: string) => {
    const response = await fetch(stack.metricsUrls[app]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    stack = await startStack('metrics', {}, { metrics: true });
  });
  afterAll(() => stack?.stop());

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
