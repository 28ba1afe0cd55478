import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { InMemorySpanExporter, SamplingDecision } from '@opentelemetry/sdk-trace';
import { currentTraceCarrier, inSpanFrom, outsideTraces, traceCarrierOf } from './carrier';
import { jobTraceOptions, ownTraceJobOptions, queueTelemetry } from './queue-telemetry';
import { startTracing, tracer, tracingEnabled, waveSampler } from './tracing';

describe(waveSampler.name, () => {
  const sample = (sampler: ReturnType<typeof waveSampler>, name: string, parent = ROOT_CONTEXT) =>
    sampler.shouldSample(parent, 'f'.repeat(32), name, SpanKind.INTERNAL, {}, []).decision;
  const sampledParent = (flags: TraceFlags) =>
    trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '1'.repeat(32),
      spanId: '2'.repeat(16),
      traceFlags: flags,
      isRemote: true,
    });

  it('never begins a trace with BullMQ’s bookkeeping, but records it inside one', () => {
    const sampler = waveSampler(1);
    expect(sample(sampler, 'getNextJob timeline-events')).toBe(SamplingDecision.NOT_RECORD);
    expect(sample(sampler, 'addBulk search-events')).toBe(SamplingDecision.NOT_RECORD);
    expect(sample(sampler, 'process timeline-fanout')).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sample(sampler, 'addBulk search-events', sampledParent(TraceFlags.SAMPLED))).toBe(
      SamplingDecision.RECORD_AND_SAMPLED,
    );
  });

  it('keeps the given share of new traces and follows a caller’s decision', () => {
    expect(sample(waveSampler(0), 'POST /api/tweets')).toBe(SamplingDecision.NOT_RECORD);
    expect(sample(waveSampler(0), 'POST /api/tweets', sampledParent(TraceFlags.SAMPLED))).toBe(
      SamplingDecision.RECORD_AND_SAMPLED,
    );
    expect(sample(waveSampler(1), 'POST /api/tweets', sampledParent(TraceFlags.NONE))).toBe(
      SamplingDecision.NOT_RECORD,
    );
  });
});

describe(traceCarrierOf.name, () => {
  it('keeps short strings only, and says null for anything else', () => {
    expect(traceCarrierOf({ traceparent: 'x', tracestate: 7, other: 'y'.repeat(600) })).toEqual({
      traceparent: 'x',
    });
    for (const value of [null, 'text', ['a'], {}, { n: 1 }])
      expect(traceCarrierOf(value)).toBe(null);
  });
});

describe(startTracing.name, () => {
  it('starts nothing without an endpoint: spans cost nothing and nothing is carried', async () => {
    expect(startTracing({ service: 'timeline', config: {} })).toBe(null);
    expect(tracingEnabled()).toBe(false);
    expect(queueTelemetry()).toEqual({});
    // A job's stored options stay as they were.
    expect([jobTraceOptions({ traceparent: 'p' }), ownTraceJobOptions()]).toEqual([{}, {}]);
    await inSpanFrom(null, 'work', SpanKind.INTERNAL, () => {
      expect(currentTraceCarrier()).toBe(null);
      return Promise.resolve();
    });
  });

  describe('with an exporter', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: ReturnType<typeof startTracing>;
    beforeAll(() => {
      tracing = startTracing({ service: 'timeline', config: {}, exporter });
    });
    afterAll(() => tracing?.shutdown());
    beforeEach(() => exporter.reset());

    it('refuses a second start in the same process', () => {
      expect(() => startTracing({ service: 'search', config: {}, exporter })).toThrow(/already/);
    });

    it('carries the active trace across awaits, into a carrier and out of one', async () => {
      const carrier = await tracer().startActiveSpan('request', async (span) => {
        await new Promise((resolve) => setImmediate(resolve));
        const written = currentTraceCarrier();
        span.end();
        return written;
      });
      expect(carrier?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await expect(
        inSpanFrom(carrier, 'job', SpanKind.CONSUMER, () => Promise.reject(new Error('boom'))),
      ).rejects.toThrow('boom');
      const [request, job] = exporter.getFinishedSpans();
      expect(job?.spanContext().traceId).toBe(request?.spanContext().traceId);
      expect(job?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
      expect(job?.events.map((event) => event.name)).toEqual(['exception']);
      expect(queueTelemetry().telemetry).toBeDefined();
    });

    it('hands a written-down trace to bullmq-otel, or asks for a trace of the job’s own', () => {
      expect(jobTraceOptions({ traceparent: 'p' })).toEqual({
        telemetry: { metadata: '{"traceparent":"p"}' },
      });
      expect(jobTraceOptions(null)).toEqual({ telemetry: { omitContext: true } });
      expect(ownTraceJobOptions()).toEqual({ telemetry: { omitContext: true } });
    });

    it('cuts an attribute value (a client’s URL) to 1,024 characters', () => {
      tracer()
        .startSpan('request', { attributes: { 'url.path': `/${'a'.repeat(5_000)}` } })
        .end();
      const [span] = exporter.getFinishedSpans();
      expect(String(span?.attributes['url.path'])).toHaveLength(1_024);
    });

    it('runs work outside the active trace when asked', async () => {
      await tracer().startActiveSpan('request', async (span) => {
        expect(outsideTraces(() => currentTraceCarrier())).toBe(null);
        expect(outsideTraces(() => context.active())).toBe(ROOT_CONTEXT);
        span.end();
        return Promise.resolve();
      });
    });
  });
});

describe('startTracing with OTLP', () => {
  it('sends spans to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces as protobuf, at the latest on shutdown', async () => {
    const requests: { url: string; type: string; bytes: number }[] = [];
    const collector = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        requests.push({ url: req.url ?? '', type: req.headers['content-type'] ?? '', bytes });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/`;
    try {
      const tracing = startTracing({
        service: 'timeline',
        config: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      });
      tracer().startSpan('POST /api/tweets').end();
      await tracing?.shutdown();
      expect(requests).toEqual([
        { url: '/v1/traces', type: 'application/x-protobuf', bytes: expect.any(Number) },
      ]);
      expect(requests[0]!.bytes).toBeGreaterThan(0);
      expect(tracingEnabled()).toBe(false);
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});
