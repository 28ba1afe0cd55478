import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { EventEnvelope } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { TestRedisNamespace } from '@wave/testing';
import { createTestRedisNamespace, eventually } from '@wave/testing';
import { EventQueues } from '../src/event-queues';
import type { ReplayedEvent, ReplaySource } from '../src/replay';
import { Replayer } from '../src/replay';

const at = '2026-11-29T12:00:00.000Z';
const userId = (index: number) => `0190b1de-1111-7000-8000-${String(index).padStart(12, '0')}`;

/** Users in key order, as identity's source gives them: registered, then their profile. */
const usersSource = (count: number): ReplaySource => ({
  name: 'users',
  events: ['user.registered', 'user.updated'],
  page: (after, limit) => {
    const start = after === null ? 0 : Number(after);
    const rows = Array.from(
      { length: Math.max(0, Math.min(limit, count - start)) },
      (_, i) => start + i,
    );
    const common = (index: number) => ({
      userId: userId(index),
      username: `user${index}`,
      displayName: `User ${index}`,
      profileImageUrl: null,
      verified: false,
      version: 1,
    });
    const events: ReplayedEvent[] = rows.flatMap((index) => [
      { name: 'user.registered', payload: { ...common(index), createdAt: at } },
      {
        name: 'user.updated',
        payload: {
          ...common(index),
          firstName: null,
          lastName: null,
          bio: null,
          coverImageUrl: null,
          updatedAt: at,
        },
      },
    ]);
    const end = start + rows.length;
    return Promise.resolve({ events, next: end < count ? String(end) : null });
  },
});

/** Communities: events search does not take. */
const communitiesSource: ReplaySource = {
  name: 'communities',
  events: ['community.created'],
  page: () => Promise.reject(new Error('a source the consumer takes nothing of is not read')),
};

describe(Replayer.name, () => {
  let namespace: TestRedisNamespace;
  let redis: Redis;
  let queues: EventQueues;
  let queue: Queue;
  const lines: string[] = [];

  const replayer = (users = 5) =>
    new Replayer('identity', [usersSource(users), communitiesSource], queues, redis, (line) =>
      lines.push(line),
    );
  const queued = async () =>
    (await queue.getJobs(['waiting'])).map((job) => job.data as EventEnvelope);

  beforeEach(() => {
    namespace = createTestRedisNamespace('replay');
    redis = new Redis(namespace.url, { keyPrefix: namespace.keyPrefix });
    const connection = {
      connection: bullConnection(namespace.url),
      prefix: bullPrefix(namespace.keyPrefix),
    };
    queues = new EventQueues(connection);
    queue = new Queue(eventQueueName('search'), connection);
    lines.length = 0;
  });

  afterEach(async () => {
    await queue.close();
    await queues.close();
    redis.disconnect();
    await namespace.cleanup();
  });

  it("sends the owner's rows to the consumer's queue only, as the events it takes, and says when it is done", async () => {
    const outcome = await replayer(5).run({
      to: 'search',
      fresh: false,
      pageSize: 2,
      maxPages: null,
    });
    expect(outcome).toEqual({
      status: 'finished',
      sources: [{ source: 'users', events: 10, finished: true }],
    });
    const envelopes = await queued();
    expect(
      envelopes
        .map(
          (envelope) => `${envelope.name} ${(envelope.payload as { username: string }).username}`,
        )
        .sort(),
    ).toEqual(
      [0, 1, 2, 3, 4]
        .flatMap((index) => [`user.registered user${index}`, `user.updated user${index}`])
        .sort(),
    );
    expect(new Set(envelopes.map((envelope) => envelope.eventId)).size).toBe(10);
    const timeline = new Queue(eventQueueName('timeline'), {
      connection: bullConnection(namespace.url),
      prefix: bullPrefix(namespace.keyPrefix),
    });
    try {
      expect(await timeline.getWaitingCount()).toBe(0);
    } finally {
      await timeline.close();
    }
    expect(lines).toContain('users to search: 10 events, done');

    // Run again: nothing more (it finished); fresh: from the first row again.
    await replayer(5).run({ to: 'search', fresh: false, pageSize: 2, maxPages: null });
    expect(await queue.getWaitingCount()).toBe(10);
    // (Pages of five: the ten waiting leave room for them.)
    await replayer(5).run({ to: 'search', fresh: true, pageSize: 5, maxPages: null });
    expect(await queue.getWaitingCount()).toBe(20);
  });

  it('stops after the pages asked for, and goes on from there in the next run, sending nothing twice', async () => {
    const first = await replayer(5).run({ to: 'search', fresh: false, pageSize: 2, maxPages: 2 });
    expect(first).toEqual({
      status: 'paused',
      sources: [{ source: 'users', events: 8, finished: false }],
    });
    expect(await queue.getWaitingCount()).toBe(8);
    const second = await replayer(5).run({
      to: 'search',
      fresh: false,
      pageSize: 2,
      maxPages: null,
    });
    expect(second.status).toBe('finished');
    const names = (await queued()).map(
      (envelope) => (envelope.payload as { username: string }).username,
    );
    expect(names.filter((name) => name === 'user4')).toHaveLength(2);
    expect(names).toHaveLength(10);
  });

  it('refuses to run beside another replay of the same owner to the same consumer', async () => {
    await redis.set('replay:lock:search:identity', '1');
    expect(
      await replayer().run({ to: 'search', fresh: false, pageSize: 2, maxPages: null }),
    ).toEqual({
      status: 'busy',
      sources: [],
    });
    expect(await queue.getWaitingCount()).toBe(0);
  });

  it('waits for the consumer when its queue holds a few pages already, and goes on as it takes them', async () => {
    // Four pages of one row (two events each) may wait: the fifth page waits for room.
    const run = replayer(12).run({ to: 'search', fresh: false, pageSize: 1, maxPages: null });
    await eventually(
      () => queue.getWaitingCount(),
      (count) => count >= 4,
      { what: 'the queue to fill' },
    );
    const held = await queue.getWaitingCount();
    expect(held).toBeLessThanOrEqual(6);
    const worker = new Worker(eventQueueName('search'), () => Promise.resolve(), {
      connection: bullConnection(namespace.url),
      prefix: bullPrefix(namespace.keyPrefix),
    });
    try {
      expect((await run).status).toBe('finished');
    } finally {
      await worker.close();
    }
  });
});
