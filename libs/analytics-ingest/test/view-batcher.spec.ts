import { Queue } from 'bullmq';
import { bullConnection, bullPrefix } from '@wave/redis';
import { createTestRedisNamespace, eventually, freePort } from '@wave/testing';
import type { IngestBatchJob, ViewRecord } from '../src/ingest-queue';
import { INGEST_QUEUE, ingestBatchJobSchema } from '../src/ingest-queue';
import { ViewBatchSender } from '../src/view-batcher';

const view = (n: number): ViewRecord => ({
  at: new Date().toISOString(),
  kind: 'page',
  url: `/explore?q=${n}`,
  postIds: [],
  userId: null,
  visitor: 'ab'.repeat(16),
  userAgent: null,
});

describe(ViewBatchSender.name, () => {
  const namespace = createTestRedisNamespace('view-batcher');
  let queue: Queue<IngestBatchJob>;
  const lost: { views: number; error: unknown }[] = [];
  const senders: ViewBatchSender[] = [];
  const sender = (overrides: { redisUrl?: string; batchMs?: number; maxViews?: number } = {}) => {
    const made = new ViewBatchSender({
      attemptTimeoutMs: 300,
      redisUrl: overrides.redisUrl ?? namespace.url,
      redisKeyPrefix: namespace.keyPrefix,
      batchMs: overrides.batchMs ?? 60_000,
      maxViews: overrides.maxViews ?? 1_000,
      onLost: (views, error) => lost.push({ views, error }),
    });
    senders.push(made);
    return made;
  };
  const jobs = async () =>
    (await queue.getJobs(['waiting'])).map((job) => ingestBatchJobSchema.parse(job.data));

  beforeAll(() => {
    queue = new Queue(INGEST_QUEUE, {
      connection: bullConnection(namespace.url),
      prefix: bullPrefix(namespace.keyPrefix),
    });
  });
  beforeEach(async () => {
    lost.length = 0;
    await queue.obliterate({ force: true });
  });
  afterAll(async () => {
    await Promise.all(senders.map((made) => made.close()));
    await queue.close();
    await namespace.cleanup();
  });

  it('sends a batch as soon as it holds maxViews views, the rest when drained', async () => {
    const sut = sender({ maxViews: 3 });
    for (let n = 0; n < 7; n += 1) sut.push(view(n));
    await sut.drain();
    const sent = await jobs();
    expect(sent.map((job) => job.views.length).sort()).toEqual([1, 3, 3]);
    expect(new Set(sent.map((job) => job.batchId)).size).toBe(3);
    expect(sent.flatMap((job) => job.views.map((v) => v.url)).sort()).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => `/explore?q=${n}`).sort(),
    );
    expect(lost).toEqual([]);
  });

  it('sends what waited batchMs without being asked', async () => {
    const sut = sender({ batchMs: 20 });
    sut.push(view(1));
    sut.push(view(2));
    const sent = await eventually(jobs, (found) => found.length > 0, {
      what: 'the batch sent after batchMs',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.views).toHaveLength(2);
  });

  it('gives a batch up, and says so, when Redis cannot be reached (nothing held for long)', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const sut = sender({ redisUrl: nowhere });
    sut.push(view(1));
    sut.push(view(2));
    const started = Date.now();
    await sut.drain();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lost).toEqual([{ views: 2, error: expect.any(Error) }]);
  });
});
