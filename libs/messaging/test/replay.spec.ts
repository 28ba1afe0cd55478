import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { EventEnvelope, ReplayableConsumer } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace, eventually } from '@wave/testing';
import { EventQueues } from '../src/event-queues';
import type { ReplayedEvent, ReplayOptions, ReplaySource } from '../src/replay';
import { Replayer } from '../src/replay';

const at = '2026-11-29T12:00:00.000Z';
const userId = (index: number) => `0190b1de-1111-7000-8000-${String(index).padStart(12, '0')}`;

/** Users in key order, as identity's source gives them: their profiles as they are. */
const usersSource = (count: number): ReplaySource => ({
  name: 'users',
  events: ['user.updated'],
  page: (after, limit) => {
    const start = after === null ? 0 : Number(after);
    const end = Math.min(count, start + limit);
    const events: ReplayedEvent[] = [];
    for (let index = start; index < end; index += 1) {
      events.push({
        name: 'user.updated',
        payload: {
          userId: userId(index),
          username: `user${index}`,
          displayName: `User ${index}`,
          firstName: null,
          lastName: null,
          bio: null,
          profileImageUrl: null,
          coverImageUrl: null,
          verified: false,
          version: 1,
          updatedAt: at,
        },
      });
    }
    return Promise.resolve({ events, next: end < count ? String(end) : null });
  },
});

/** Follows: events communities does not take, so never read when replaying to it. */
const followsSource: ReplaySource = {
  name: 'follows',
  events: ['follow.created'],
  page: () => Promise.reject(new Error('a source the consumer takes nothing of is not read')),
};

describe(Replayer.name, () => {
  let namespace: TestRedisNamespace;
  let redis: Redis;
  let queues: EventQueues;
  const opened: Queue[] = [];
  const lines: string[] = [];

  const connection = () => ({
    connection: bullConnection(namespace.url),
    prefix: bullPrefix(namespace.keyPrefix),
  });
  const queueOf = (consumer: ReplayableConsumer) => {
    const queue = new Queue(eventQueueName(consumer), connection());
    opened.push(queue);
    return queue;
  };
  const replay = (users: number, options: Partial<ReplayOptions> = {}) =>
    new Replayer('identity', [usersSource(users), followsSource], queues, redis, (line) =>
      lines.push(line),
    ).run({ to: 'communities', fresh: false, pageSize: 2, maxPages: null, ...options });
  const queued = async () =>
    (await queueOf('communities').getJobs(['waiting'])).map(
      (job) => job.data as EventEnvelope<'user.updated'>,
    );

  beforeEach(() => {
    namespace = createTestRedisNamespace('replay');
    redis = new Redis(namespace.url, { keyPrefix: namespace.keyPrefix });
    queues = new EventQueues(connection());
    lines.length = 0;
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
    await queues.close();
    redis.disconnect();
    await namespace.cleanup();
  });

  it("sends the owner's rows to the consumer's queue only, as the events it takes, and says when it is done", async () => {
    expect(await replay(5)).toEqual({
      status: 'finished',
      sources: [{ source: 'users', events: 5, finished: true }],
    });
    const envelopes = await queued();
    expect(
      envelopes.map((envelope) => `${envelope.name} ${envelope.payload.username}`).sort(),
    ).toEqual([0, 1, 2, 3, 4].map((index) => `user.updated user${index}`));
    expect(new Set(envelopes.map((envelope) => envelope.eventId)).size).toBe(5);
    expect(await queueOf('search').getWaitingCount()).toBe(0);
    expect(await queueOf('timeline').getWaitingCount()).toBe(0);
    expect(lines).toContain('users to communities: 5 events, done');
  });

  it('stops after the pages asked for, and goes on from there in the next run, sending nothing twice', async () => {
    expect(await replay(5, { maxPages: 2 })).toEqual({
      status: 'paused',
      sources: [{ source: 'users', events: 4, finished: false }],
    });
    expect((await replay(5)).status).toBe('finished');
    const names = (await queued()).map((envelope) => envelope.payload.username).sort();
    expect(names).toEqual(['user0', 'user1', 'user2', 'user3', 'user4']);
  });

  it('starts over after a replay that finished, and with --fresh after one that stopped', async () => {
    await replay(3, { pageSize: 5 });
    await replay(3, { pageSize: 5 });
    expect(await queueOf('communities').getWaitingCount()).toBe(6);
    // Stopped after one page of two: --fresh forgets it, and sends the three again.
    await replay(3, { pageSize: 2, maxPages: 1 });
    expect(await queueOf('communities').getWaitingCount()).toBe(8);
    const fresh = await replay(3, { pageSize: 5, fresh: true });
    expect(fresh.sources).toEqual([{ source: 'users', events: 3, finished: true }]);
    expect(await queueOf('communities').getWaitingCount()).toBe(11);
  });

  it("refuses to run beside another replay of the same owner to the same consumer, and never frees another's lock", async () => {
    await redis.set('replay:lock:communities:identity', 'another');
    expect(await replay(2)).toEqual({ status: 'busy', sources: [] });
    expect(await queueOf('communities').getWaitingCount()).toBe(0);
    expect(await redis.get('replay:lock:communities:identity')).toBe('another');
    await redis.del('replay:lock:communities:identity');
    expect((await replay(2)).status).toBe('finished');
    expect(await redis.exists('replay:lock:communities:identity')).toBe(0);
  });

  it('waits for the consumer when its queue holds a few pages already, and goes on as it takes them', async () => {
    // Four pages of one row may wait: the fifth waits for room.
    const run = replay(12, { pageSize: 1 });
    const queue = queueOf('communities');
    await eventually(
      () => queue.getWaitingCount(),
      (count) => count >= 4,
      {
        what: 'the queue to fill',
      },
    );
    expect(await queue.getWaitingCount()).toBeLessThanOrEqual(5);
    const worker = new Worker(eventQueueName('communities'), () => Promise.resolve(), connection());
    try {
      expect((await run).status).toBe('finished');
    } finally {
      await worker.close();
    }
  });
});
