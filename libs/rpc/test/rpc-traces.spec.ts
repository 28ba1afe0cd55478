import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { v7 as uuidv7 } from 'uuid';
import type { Tracing } from '@wave/tracing';
import { startTracing, tracer } from '@wave/tracing';
import { RpcClient } from '../src/rpc-client';
import { RpcServer } from '../src/rpc-server';

/** A call carries its caller's trace: the handler runs in a span of it. */
describe('rpc traces', () => {
  const url = process.env['WAVE_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const options = { url, prefix: `wave-test-rpc-traces-${uuidv7()}:` };
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null = null;
  let server: RpcServer;
  let sut: RpcClient;
  const seen: { request: unknown; traceId: string | undefined }[] = [];

  beforeAll(async () => {
    tracing = startTracing({ service: 'rpc-test', config: {}, exporter });
    server = new RpcServer(options);
    server.handle('timeline.tweets-exist', (request) => {
      seen.push({ request, traceId: trace.getActiveSpan()?.spanContext().traceId });
      return Promise.resolve({ existing: [] });
    });
    await server.listen();
    sut = new RpcClient({ ...options, timeoutMs: 2_000 });
  });

  afterAll(async () => {
    await sut.close();
    await server.close();
    await tracing?.shutdown();
  });

  beforeEach(() => {
    exporter.reset();
    seen.length = 0;
  });

  it('serves a call in a span of the caller’s trace, its context kept out of the request', async () => {
    const ids = [uuidv7()];
    const caller = await tracer().startActiveSpan('caller', async (span) => {
      await sut.call('timeline.tweets-exist', { ids });
      span.end();
      return span;
    });

    expect(seen).toEqual([{ request: { ids }, traceId: caller.spanContext().traceId }]);
    const served = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER);
    expect(served?.name).toBe('rpc timeline.tweets-exist');
    expect(served?.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
  });

  it('begins a trace for a call made outside any', async () => {
    await sut.call('timeline.tweets-exist', { ids: [uuidv7()] });
    const served = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER);
    expect(served?.parentSpanContext).toBeUndefined();
    expect(seen[0]?.traceId).toBe(served?.spanContext().traceId);
  });
});
