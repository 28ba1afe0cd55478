import { randomUUID } from 'node:crypto';
import type { AddressInfo, Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix, deleteKeysWithPrefix } from '@wave/redis';
import { sampleValue, samplesOf } from '../src/exposition';
import { QUEUE_STATES, QueueMetrics } from '../src/queue-metrics';
import { ServiceMetrics } from '../src/service-metrics';

// @wave/testing builds on this library (through service-runtime), so its helpers are not used
// here: the Redis the global setup chose (or the local one), and ports the system picks.
const redisUrl = process.env['WAVE_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const listenOn = (server: Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/** A port nothing listens on (it was free a moment ago and is closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listenOn(server, 0);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `probe` until `done` accepts its value (at most 5 s). */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A TCP relay to Redis that can be cut off (every connection dropped) and opened again. */
class RedisRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Chosen by the system when first opened, then kept. */
  port = 0;

  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          // The other side goes with it.
        });
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.port = await listenOn(server, this.port);
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe(QueueMetrics.name, () => {
  const keyPrefix = `wave-test-queue-metrics-${randomUUID()}:`;
  const connection = bullConnection(redisUrl);
  const prefix = bullPrefix(keyPrefix);
  const metrics = new ServiceMetrics('queue-spec');
  let sut: QueueMetrics;
  let busy: Queue;

  const jobs = (body: string, queue: string, state: string) =>
    sampleValue(body, 'queue_jobs', { service: 'queue-spec', queue, state });
  const oldest = (body: string, queue: string) =>
    sampleValue(body, 'queue_oldest_waiting_seconds', { service: 'queue-spec', queue });

  beforeAll(async () => {
    sut = new QueueMetrics(metrics, { connection, prefix, queues: ['busy', 'idle'] });
    busy = new Queue('busy', { connection, prefix });
    // A scrape before its connection is ready leaves the queues out (checked below): wait for it.
    await eventually(
      async () => (await metrics.render()).body,
      (body) => jobs(body, 'idle', 'waiting') !== undefined,
    );
  });

  afterAll(async () => {
    await busy.close();
    await sut.close();
    await deleteKeysWithPrefix(redisUrl, keyPrefix);
  });

  beforeEach(async () => {
    await busy.obliterate({ force: true });
  });

  it('counts the jobs of a queue per state, and the age of the oldest waiting', async () => {
    // BullMQ keeps the timestamp it is given: the first job waits since 90 s ago.
    const addedAt = Date.now() - 90_000;
    await busy.add('first', { n: 1 }, { timestamp: addedAt });
    await busy.add('second', { n: 2 });
    await busy.add('later', { n: 3 }, { delay: 60_000 });

    const before = Date.now();
    const { body } = await metrics.render();
    const after = Date.now();

    expect(body).toContain('queue_jobs{queue="busy",state="waiting",service="queue-spec"} 2\n');
    expect(jobs(body, 'busy', 'waiting')).toBe(2);
    expect(jobs(body, 'busy', 'delayed')).toBe(1);
    expect(jobs(body, 'busy', 'prioritized')).toBe(0);
    expect(jobs(body, 'busy', 'active')).toBe(0);
    expect(jobs(body, 'busy', 'failed')).toBe(0);
    const age = oldest(body, 'busy');
    expect(age).toBeGreaterThanOrEqual((before - addedAt) / 1000);
    expect(age).toBeLessThanOrEqual((after - addedAt) / 1000);
  });

  it('gives 0 for every state and 0 s for a queue with no job', async () => {
    const { body } = await metrics.render();

    for (const state of QUEUE_STATES) expect(jobs(body, 'idle', state)).toBe(0);
    expect(oldest(body, 'idle')).toBe(0);
    expect(oldest(body, 'busy')).toBe(0);
  });

  it('follows the queue from one scrape to the next', async () => {
    await busy.add('only', { n: 1 }, { timestamp: Date.now() - 30_000 });
    const full = (await metrics.render()).body;
    expect(jobs(full, 'busy', 'waiting')).toBe(1);
    expect(oldest(full, 'busy')).toBeGreaterThanOrEqual(30);

    await busy.drain();
    const empty = (await metrics.render()).body;

    expect(jobs(empty, 'busy', 'waiting')).toBe(0);
    expect(oldest(empty, 'busy')).toBe(0);
  });

  it('counts prioritized jobs apart from the waiting ones', async () => {
    await busy.add('urgent', { n: 1 }, { priority: 1 });
    await busy.add('plain', { n: 2 });

    const { body } = await metrics.render();

    expect(jobs(body, 'busy', 'prioritized')).toBe(1);
    expect(jobs(body, 'busy', 'waiting')).toBe(1);
  });

  it('leaves the queues out, and still answers within the timeout, when Redis cannot be reached', async () => {
    const down = new ServiceMetrics('queue-spec-down');
    const nowhere = new QueueMetrics(down, {
      connection: bullConnection(`redis://127.0.0.1:${await closedPort()}`),
      prefix,
      queues: ['busy', 'idle'],
    });
    try {
      const started = performance.now();
      const { body } = await down.render();

      expect(performance.now() - started).toBeLessThan(3_000);
      expect(samplesOf(body, 'queue_jobs')).toEqual([]);
      expect(samplesOf(body, 'queue_oldest_waiting_seconds')).toEqual([]);
      // The rest of the scrape is there.
      expect(body).toMatch(/^process_resident_memory_bytes\{service="queue-spec-down"\} \d+$/m);
    } finally {
      await nowhere.close();
    }
  });

  it('answers at once without the queues while Redis is away, and has them again once it is back', async () => {
    await busy.add('waiting', { n: 1 });
    const relay = new RedisRelay(new URL(redisUrl));
    await relay.open();
    const flaky = new ServiceMetrics('queue-spec-flaky');
    const relayed = new QueueMetrics(flaky, {
      connection: bullConnection(`redis://127.0.0.1:${relay.port}`),
      prefix,
      queues: ['busy'],
    });
    const waiting = (body: string) =>
      sampleValue(body, 'queue_jobs', {
        service: 'queue-spec-flaky',
        queue: 'busy',
        state: 'waiting',
      });
    const scrape = async () => (await flaky.render()).body;
    try {
      // The first scrapes, before the connection is ready, leave the queues out at once.
      expect(waiting(await eventually(scrape, (body) => waiting(body) !== undefined))).toBe(1);

      await relay.cut();
      await eventually(scrape, (body) => waiting(body) === undefined);
      const started = performance.now();
      const body = await scrape();

      // Failed fast: well within the collectors' 2 s deadline.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(samplesOf(body, 'queue_jobs')).toEqual([]);
      expect(samplesOf(body, 'queue_oldest_waiting_seconds')).toEqual([]);

      await relay.open();
      const back = await eventually(scrape, (scraped) => waiting(scraped) !== undefined);
      expect(waiting(back)).toBe(1);
    } finally {
      await relayed.close();
      await relay.cut();
    }
  });
});
