import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { Queue, Worker } from 'bullmq';
import type { QueueName } from '@wave/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Tracing } from '@wave/tracing';
import { startTracing } from '@wave/tracing';
import { deleteKeysWithPrefix, queueOptions } from '../src/redis-client';
import { scheduledJobOptionsOf } from '../src/queue-settings';

/**
 * A job scheduler's runs (media's cleanup, analytics' maintenance) with BullMQ's spans on: each
 * run is a trace of its own, not one more step of a trace begun when the scheduler was set up.
 */
describe(scheduledJobOptionsOf.name, () => {
  const QUEUE: QueueName = 'media-cleanup';
  // A prefix of its own on the local Redis (@wave/testing builds on this library).
  const url = process.env['WAVE_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const keyPrefix = `wave-test-redis-${uuidv7()}:`;
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null = null;
  let queue: Queue;
  let worker: Worker;

  beforeAll(() => {
    tracing = startTracing({ service: 'redis-test', config: {}, exporter });
  });
  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await deleteKeysWithPrefix(url, keyPrefix);
    await tracing?.shutdown();
  });

  /** The runs processed so far, once there are at least `count` (polled, for 10 s at most). */
  const runs = async (count: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const processed = exporter
        .getFinishedSpans()
        .filter((span) => span.kind === SpanKind.CONSUMER && span.name === `process ${QUEUE}`);
      if (processed.length >= count) return processed;
      if (Date.now() > deadline) throw new Error(`${processed.length} runs, not ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('begins a trace of its own for every run', async () => {
    const options = queueOptions(url, keyPrefix);
    expect(options.telemetry).toBeDefined();
    queue = new Queue(QUEUE, options);
    await queue.upsertJobScheduler(
      'every-100-ms',
      { every: 100 },
      { name: 'run', opts: scheduledJobOptionsOf(QUEUE) },
    );
    worker = new Worker(QUEUE, () => Promise.resolve(), { ...options, concurrency: 1 });

    const processed = await runs(3);
    expect(processed.map((run) => run.parentSpanContext)).toEqual(processed.map(() => undefined));
    expect(new Set(processed.map((run) => run.spanContext().traceId)).size).toBe(processed.length);
  });
});
