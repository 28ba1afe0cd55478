import type { Span } from '@opentelemetry/api';
import { propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import type { Tracing } from '@wave/tracing';
import { startTracing, tracer } from '@wave/tracing';
import { TimelineHarness } from './timeline-harness';

/**
 * One trace from a post's request to its fan-out job, with spans kept in memory: the request the
 * gateway sends (its `traceparent`), timeline's server span, the outbox event's job on
 * timeline-events, the fan-out job it queues and that job's processing, each the child of the
 * one before.
 */
describe('traces of a post', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null = null;
  const sut = new TimelineHarness();

  beforeAll(async () => {
    // Before the app is made: its queues, workers and routes are traced from the start.
    tracing = startTracing({ service: 'timeline', config: {}, exporter });
    // Fan-out of a post to more than one follower is a job of its own.
    await sut.start('traces', { FANOUT_BATCH_SIZE: '1' });
  });
  afterAll(async () => {
    await sut.stop();
    await tracing?.shutdown();
  });

  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  const parentOf = (span: ReadableSpan): ReadableSpan | undefined =>
    spans().find((other) => other.spanContext().spanId === span.parentSpanContext?.spanId);
  /** The span's ancestors, nearest first, as `name (kind)`. */
  const ancestry = (span: ReadableSpan): string[] => {
    const names: string[] = [];
    for (let at = parentOf(span); at; at = parentOf(at)) names.push(at.name);
    return names;
  };

  /** A request as the gateway sends it: in a span of the caller's, its context in the headers. */
  const asGateway = async <T>(work: (headers: Record<string, string>) => Promise<T>) => {
    const gatewaySpan: Span = tracer().startSpan('POST /api/tweets', { kind: SpanKind.SERVER });
    const headers: Record<string, string> = {};
    propagation.inject(trace.setSpan(ROOT_CONTEXT, gatewaySpan), headers);
    try {
      return { result: await work(headers), gatewaySpan };
    } finally {
      gatewaySpan.end();
    }
  };

  it('follows a post from its request through its event to its fan-out job', async () => {
    const author = await sut.user();
    for (const follower of [await sut.user(), await sut.user()]) await sut.follow(follower, author);
    exporter.reset();

    const { result: response, gatewaySpan } = await asGateway((headers) =>
      sut.call('POST', '/api/tweets', { as: author, body: { content: 'traced' }, headers }),
    );
    expect(response.statusCode).toBe(201);
    const postId = response.json<{ id: string }>().id;
    expect(await sut.fanOutOutcome(postId)).toEqual({ queued: `post-${postId}` });
    await sut.waitForFanOut(postId);

    const traceId = gatewaySpan.spanContext().traceId;
    const fanOutJob = spans().find(
      (span) => span.name === 'process timeline-fanout' && span.spanContext().traceId === traceId,
    );
    expect(fanOutJob).toBeDefined();
    // Every step, each the child of the one before, back to the gateway's span.
    expect(ancestry(fanOutJob!)).toEqual([
      'add timeline-fanout.fan-out',
      'process timeline-events',
      'POST /api/tweets',
      'POST /api/tweets',
    ]);
    const server = parentOf(parentOf(parentOf(fanOutJob!)!)!)!;
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.attributes).toMatchObject({
      'http.route': '/api/tweets',
      'http.response.status_code': 201,
    });
    expect(parentOf(server)?.spanContext().spanId).toBe(gatewaySpan.spanContext().spanId);
    // The job's span says which job it ran.
    expect(fanOutJob!.attributes).toMatchObject({ 'bullmq.job.id': `post-${postId}` });
  });

  it('begins a trace of its own for a request that carries none, and none for the probes', async () => {
    const author = await sut.user();
    exporter.reset();

    const response = await sut.call('POST', '/api/tweets', {
      as: author,
      body: { content: 'untraced caller' },
    });
    expect(response.statusCode).toBe(201);
    const postId = response.json<{ id: string }>().id;
    await sut.fanOutOutcome(postId);
    const server = spans().find((span) => span.name === 'POST /api/tweets');
    expect(server?.parentSpanContext).toBeUndefined();
    // Its event's job joins it.
    const handled = spans().find((span) => span.name === 'process timeline-events');
    expect(handled?.spanContext().traceId).toBe(server?.spanContext().traceId);

    exporter.reset();
    expect((await sut.call('GET', '/health')).statusCode).toBe(200);
    expect(spans().filter((span) => span.kind === SpanKind.SERVER)).toEqual([]);
  });

  it('keeps the trace of the request in the outbox row of its event', async () => {
    const author = await sut.user();
    const { result: response, gatewaySpan } = await asGateway((headers) =>
      sut.call('POST', '/api/tweets', { as: author, body: { content: 'kept' }, headers }),
    );
    const postId = response.json<{ id: string }>().id;
    const [row] = await sut.dataSource.query<{ trace_context: { traceparent: string } }[]>(
      `SELECT trace_context FROM timeline.outbox WHERE payload->>'tweetId' = $1`,
      [postId],
    );
    expect(row?.trace_context.traceparent).toMatch(
      new RegExp(`^00-${gatewaySpan.spanContext().traceId}-[0-9a-f]{16}-01$`),
    );
  });
});
