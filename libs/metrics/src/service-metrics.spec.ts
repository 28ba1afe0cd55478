import { Counter, register as globalRegistry, Registry } from 'prom-client';
import { parseExposition, sampleValue, samplesOf } from './exposition';
import { HTTP_DURATION_BUCKETS, ServiceMetrics, UNMATCHED_ROUTE } from './service-metrics';

describe(ServiceMetrics.name, () => {
  it('records each request under its service, method, route pattern and status', async () => {
    const sut = new ServiceMetrics('timeline');
    sut.observeRequest('GET', '/tweets/:id', 200, 0.03);
    sut.observeRequest('GET', '/tweets/:id', 200, 0.04);
    sut.observeRequest('GET', '/tweets/:id', 500, 0.2);
    sut.observeRequest('POST', '/tweets', 201, 3);

    const { contentType, body } = await sut.render();

    expect(contentType).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    const ok = { service: 'timeline', method: 'GET', route: '/tweets/:id', status_code: '200' };
    expect(sampleValue(body, 'http_request_duration_seconds_count', ok)).toBe(2);
    expect(sampleValue(body, 'http_request_duration_seconds_sum', ok)).toBeCloseTo(0.07, 10);
    expect(sampleValue(body, 'http_request_duration_seconds_bucket', { ...ok, le: '0.025' })).toBe(
      0,
    );
    expect(sampleValue(body, 'http_request_duration_seconds_bucket', { ...ok, le: '0.05' })).toBe(
      2,
    );
    expect(sampleValue(body, 'http_request_duration_seconds_bucket', { ...ok, le: '+Inf' })).toBe(
      2,
    );
    // The same line, as Prometheus reads it.
    expect(body).toContain(
      'http_request_duration_seconds_count{service="timeline",method="GET",route="/tweets/:id",status_code="200"} 2\n',
    );

    const failed = { ...ok, status_code: '500' };
    expect(sampleValue(body, 'http_request_duration_seconds_count', failed)).toBe(1);
    expect(
      sampleValue(body, 'http_request_duration_seconds_bucket', { ...failed, le: '0.1' }),
    ).toBe(0);
    expect(
      sampleValue(body, 'http_request_duration_seconds_bucket', { ...failed, le: '0.25' }),
    ).toBe(1);

    const created = { service: 'timeline', method: 'POST', route: '/tweets', status_code: '201' };
    expect(sampleValue(body, 'http_request_duration_seconds_count', created)).toBe(1);
    expect(
      sampleValue(body, 'http_request_duration_seconds_bucket', { ...created, le: '2.5' }),
    ).toBe(0);
    expect(sampleValue(body, 'http_request_duration_seconds_bucket', { ...created, le: '5' })).toBe(
      1,
    );

    // Three label sets, each with its buckets (and +Inf), _sum and _count: nothing else.
    const series = parseExposition(body).filter((sample) =>
      sample.name.startsWith('http_request_duration_seconds'),
    );
    expect(series).toHaveLength(3 * (HTTP_DURATION_BUCKETS.length + 1 + 2));
  });

  it(`labels a request no route matched "${UNMATCHED_ROUTE}", one series for all of them`, async () => {
    const sut = new ServiceMetrics('gateway');
    sut.observeRequest('GET', undefined, 404, 0.001);
    sut.observeRequest('GET', undefined, 404, 0.002);

    const { body } = await sut.render();

    const counts = samplesOf(body, 'http_request_duration_seconds_count');
    expect(counts).toEqual([
      {
        name: 'http_request_duration_seconds_count',
        labels: { service: 'gateway', method: 'GET', route: 'unmatched', status_code: '404' },
        value: 2,
      },
    ]);
  });

  it('keeps the series of two services in one process apart', async () => {
    const timeline = new ServiceMetrics('timeline');
    const identity = new ServiceMetrics('identity');
    timeline.observeRequest('GET', '/tweets/:id', 200, 0.01);
    new Counter({
      name: 'timeline_fanouts_total',
      help: 'A metric of timeline’s own.',
      registers: [timeline.registry],
    }).inc(4);

    const [ofTimeline, ofIdentity] = await Promise.all([
      timeline.render().then((rendered) => rendered.body),
      identity.render().then((rendered) => rendered.body),
    ]);

    expect(
      sampleValue(ofTimeline, 'http_request_duration_seconds_count', {
        service: 'timeline',
        method: 'GET',
        route: '/tweets/:id',
        status_code: '200',
      }),
    ).toBe(1);
    expect(sampleValue(ofTimeline, 'timeline_fanouts_total', { service: 'timeline' })).toBe(4);
    expect(
      parseExposition(ofIdentity).filter(
        (sample) =>
          sample.name.startsWith('http_request_duration_seconds') ||
          sample.name === 'timeline_fanouts_total',
      ),
    ).toEqual([]);
    // Every series carries its own service's name, and only that.
    expect(new Set(parseExposition(ofTimeline).map((sample) => sample.labels['service']))).toEqual(
      new Set(['timeline']),
    );
    expect(new Set(parseExposition(ofIdentity).map((sample) => sample.labels['service']))).toEqual(
      new Set(['identity']),
    );
    // Nothing went to prom-client's global registry.
    expect(globalRegistry.getSingleMetric('http_request_duration_seconds')).toBeUndefined();
    expect(globalRegistry.getSingleMetric('process_resident_memory_bytes')).toBeUndefined();
  });

  it('has Node’s process metrics, labelled with the service', async () => {
    const sut = new ServiceMetrics('search');

    const { body } = await sut.render();

    const resident = sampleValue(body, 'process_resident_memory_bytes', { service: 'search' });
    expect(resident).toBeGreaterThan(10 * 1024 * 1024);
    const lag = sampleValue(body, 'nodejs_eventloop_lag_seconds', { service: 'search' });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(10);
    const heapUsed = sampleValue(body, 'nodejs_heap_size_used_bytes', { service: 'search' });
    expect(heapUsed).toBeGreaterThan(0);
    // prom-client counts CPU from the registry's creation: a fresh one may have used none yet.
    const cpu = sampleValue(body, 'process_cpu_user_seconds_total', { service: 'search' });
    expect(cpu).toBeGreaterThanOrEqual(0);
    expect(body).toContain('# TYPE process_resident_memory_bytes gauge\n');
  });
});
