import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { EventEnvelope } from '@wave/contracts';
import { EVENT_SUBSCRIPTIONS, eventQueueName, QUEUES, subscribedEvents } from '@wave/contracts';
import { buildDataSourceOptions, prepareDatabase } from '@wave/database';
import { bullConnection, bullPrefix } from '@wave/redis';
import type { TestDatabase, TestRedisNamespace } from '@wave/testing';
import { createTestDatabase, createTestRedisNamespace } from '@wave/testing';
import { EventQueues } from '../src/event-queues';
import type { EventHandlers } from '../src/event-worker';
import { assertHandlersMatchSubscriptions, EventWorker } from '../src/event-worker';
import { EventOutbox, OutboxRelay } from '../src/outbox';
import { OutboxEventEntity } from '../src/outbox-event.entity';

const userId = '0190b1de-1111-7000-8000-000000000001';
const registered = {
  userId,
  username: 'ada',
  displayName: 'Ada',
  profileImageUrl: null,
  verified: false,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const silentLogger = { error: jest.fn(), warn: jest.fn() };

describe('messaging', () => {
  let database: TestDatabase;
  let namespace: TestRedisNamespace;
  let dataSource: DataSource;
  let queues: EventQueues;
  let relay: OutboxRelay;
  let sut: EventOutbox;
  const inspect: Queue[] = [];

  const connection = () => ({
    connection: bullConnection(namespace.url),
    prefix: bullPrefix(namespace.keyPrefix),
  });
  const queueOf = (consumer: 'timeline' | 'identity') => {
    const queue = new Queue(eventQueueName(consumer), connection());
    inspect.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await createTestDatabase('messaging');
    namespace = createTestRedisNamespace('messaging');
    await prepareDatabase(database.url, 'messaging');
    dataSource = new DataSource({
      ...buildDataSourceOptions({
        url: database.url,
        schema: 'messaging',
        entities: [OutboxEventEntity],
        migrations: [],
      }),
      synchronize: true,
    });
    await dataSource.initialize();
    queues = new EventQueues(connection());
    relay = new OutboxRelay(dataSource, queues, silentLogger, { pollIntervalMs: 60_000 });
    sut = new EventOutbox(dataSource, null);
  });

  afterAll(async () => {
    await relay.stop();
    await queues.close();
    await Promise.all(inspect.map((queue) => queue.close()));
    await dataSource.destroy();
    await database.drop();
    await namespace.cleanup();
  });

  beforeEach(async () => {
    await dataSource.query('TRUNCATE messaging.outbox');
  });

  it('relays a committed event to every subscriber queue, once', async () => {
    await sut.transaction((manager) => sut.append(manager, 'user.registered', registered));
    const [row] = await dataSource.getRepository(OutboxEventEntity).find();
    expect(row?.publishedAt).toBeNull();

    await relay.flush();

    for (const consumer of EVENT_SUBSCRIPTIONS['user.registered']) {
      const queue = new Queue(eventQueueName(consumer), connection());
      inspect.push(queue);
      const job = await queue.getJob(row!.eventId);
      expect(job?.name).toBe('user.registered');
      expect((job?.data as EventEnvelope).payload).toEqual(registered);
    }
    // identity does not subscribe to it.
    const identity = queueOf('identity');
    expect(await identity.getJob(row!.eventId)).toBeUndefined();
    const [published] = await dataSource.getRepository(OutboxEventEntity).find();
    expect(published?.publishedAt).toBeInstanceOf(Date);
  });

  it('relays to the deployed subscribers only (EVENT_SUBSCRIBERS), with its queue’s retries and retention', async () => {
    const partial = new OutboxRelay(dataSource, queues, silentLogger, {
      pollIntervalMs: 60_000,
      subscribers: ['timeline', 'search'],
    });
    try {
      await sut.transaction((manager) => sut.append(manager, 'user.registered', registered));
      const [row] = await dataSource.getRepository(OutboxEventEntity).find();
      await partial.flush();

      const delivered: string[] = [];
      for (const consumer of EVENT_SUBSCRIPTIONS['user.registered']) {
        const queue = new Queue(eventQueueName(consumer), connection());
        inspect.push(queue);
        const job = await queue.getJob(row!.eventId);
        if (job) {
          delivered.push(consumer);
          expect(job.opts).toMatchObject({
            attempts: QUEUES[eventQueueName(consumer)].attempts,
            backoff: { type: 'exponential', delay: 1_000 },
            removeOnComplete: { age: 24 * 3600, count: 50_000 },
          });
        }
      }
      // Subscribed to it, but not deployed: communities, recommendations and analytics get nothing.
      expect(delivered.sort()).toEqual(['search', 'timeline']);
      const [published] = await dataSource.getRepository(OutboxEventEntity).find();
      expect(published?.publishedAt).toBeInstanceOf(Date);
    } finally {
      await partial.stop();
    }
  });

  it('has relayed every committed event once flush resolves, with the commit’s own kick racing it', async () => {
    // An outbox wired to the relay: each commit kicks it (after the current task).
    const kicked = new EventOutbox(dataSource, relay);
    const written: string[] = [];
    const timeline = queueOf('timeline');
    for (let round = 0; round < 10; round += 1) {
      await kicked.transaction((manager) => kicked.append(manager, 'user.registered', registered));
      await relay.flush();
      const [row] = await dataSource.query<{ event_id: string; published: boolean }[]>(
        `SELECT event_id, published_at IS NOT NULL AS published FROM messaging.outbox
         ORDER BY id DESC LIMIT 1`,
      );
      expect(row?.published).toBe(true);
      expect(await timeline.getJob(row!.event_id)).toBeDefined();
      written.push(row!.event_id);
    }
    expect(new Set(written).size).toBe(10);
  });

  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      sut.transaction(async (manager) => {
        await sut.append(manager, 'user.registered', registered);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await dataSource.getRepository(OutboxEventEntity).count()).toBe(0);
  });

  it('runs rolledBack when the work fails, not after a commit nor when the commit fails', async () => {
    const calls: string[] = [];
    const rolledBack = (label: string) => () => {
      calls.push(label);
      return Promise.resolve();
    };
    await expect(
      sut.transaction(
        async (manager) => {
          await sut.append(manager, 'user.registered', registered);
          throw new Error('boom');
        },
        { rolledBack: rolledBack('work failed') },
      ),
    ).rejects.toThrow('boom');
    await sut.transaction((manager) => sut.append(manager, 'user.registered', registered), {
      rolledBack: rolledBack('committed'),
    });
    // A deferred constraint fails at COMMIT, after the work: an outcome the caller
    // cannot tell from a lost answer in general, so nothing is undone.
    await dataSource.query(
      `CREATE TABLE messaging.deferred (id int CONSTRAINT uq_deferred UNIQUE DEFERRABLE INITIALLY DEFERRED)`,
    );
    try {
      await expect(
        sut.transaction(
          async (manager) => {
            await manager.query(`INSERT INTO messaging.deferred VALUES (1), (1)`);
          },
          { rolledBack: rolledBack('commit failed') },
        ),
      ).rejects.toThrow(/uq_deferred/);
    } finally {
      await dataSource.query(`DROP TABLE messaging.deferred`);
    }
    // A failure of rolledBack itself does not hide the work's error.
    await expect(
      sut.transaction(() => Promise.reject(new Error('the work')), {
        rolledBack: () => Promise.reject(new Error('the undo')),
      }),
    ).rejects.toThrow('the work');
    expect(calls).toEqual(['work failed']);
  });

  it('refuses a payload that breaks its schema', async () => {
    await expect(
      sut.transaction((manager) =>
        sut.append(manager, 'user.registered', { ...registered, userId: 'nope' }),
      ),
    ).rejects.toThrow();
    expect(await dataSource.getRepository(OutboxEventEntity).count()).toBe(0);
  });

  it('adds nothing twice when a relay crashed before marking rows published', async () => {
    await sut.transaction((manager) =>
      sut.append(manager, 'follow.created', {
        followerId: userId,
        followeeId: '0190b1de-1111-7000-8000-000000000002',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    await relay.flush();
    const timeline = queueOf('timeline');
    const before = await timeline.getJobCounts('waiting');
    await dataSource.query('UPDATE messaging.outbox SET published_at = NULL');
    await relay.flush();
    expect(await timeline.getJobCounts('waiting')).toEqual(before);
  });
});

describe(EventWorker.name, () => {
  let namespace: TestRedisNamespace;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(() => {
    namespace = createTestRedisNamespace('worker');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });
  afterAll(async () => {
    await namespace.cleanup();
  });

  const connection = () => ({
    connection: bullConnection(namespace.url),
    prefix: bullPrefix(`${namespace.keyPrefix}${Math.random().toString(36).slice(2)}:`),
  });

  const handlersWith = (
    overrides: Partial<EventHandlers<'timeline'>>,
  ): EventHandlers<'timeline'> => ({
    // A handler for every event the table gives timeline.
    ...(Object.fromEntries(
      subscribedEvents('timeline').map((name) => [name, jest.fn(() => Promise.resolve())]),
    ) as unknown as EventHandlers<'timeline'>),
    ...overrides,
  });

  const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('refuses handlers that do not match the subscription table', () => {
    const missing = subscribedEvents('timeline').filter((name) => name !== 'user.registered');
    expect(missing).toContain('retweet.created');
    expect(() => assertHandlersMatchSubscriptions('timeline', { 'user.registered': 1 })).toThrow(
      `missing: ${missing.join(', ')}`,
    );
    expect(() =>
      assertHandlersMatchSubscriptions('identity', {
        'tweet.pinned': 1,
        'tweet.unpinned': 1,
        'user.registered': 1,
      }),
    ).toThrow(/not subscribed: user.registered/);
  });

  it('delivers a validated payload and retries a failing handler', async () => {
    const options = connection();
    let calls = 0;
    const seen: unknown[] = [];
    const sut = new EventWorker({
      ...options,
      consumer: 'timeline',
      logger: silentLogger,
      handlers: handlersWith({
        'user.registered': (payload) => {
          calls += 1;
          if (calls === 1) return Promise.reject(new Error('transient'));
          seen.push(payload);
          return Promise.resolve();
        },
      }),
    });
    open.push(sut);
    const queues = new EventQueues(options);
    open.push(queues);
    await queues.get('timeline').add(
      'user.registered',
      {
        eventId: '0190b1de-2222-7000-8000-000000000001',
        name: 'user.registered',
        occurredAt: '2026-01-01T00:00:00.000Z',
        payload: registered,
      },
      { jobId: 'e1', attempts: 3, backoff: { type: 'fixed', delay: 10 } },
    );
    sut.start();
    await waitFor(() => Promise.resolve(seen.length === 1));
    expect(calls).toBe(2);
    expect(seen[0]).toEqual(registered);
  });

  it('parks an invalid payload at once without calling the handler', async () => {
    const options = connection();
    const handler = jest.fn(() => Promise.resolve());
    const sut = new EventWorker({
      ...options,
      consumer: 'timeline',
      logger: silentLogger,
      handlers: handlersWith({ 'user.registered': handler }),
    });
    open.push(sut);
    const queues = new EventQueues(options);
    open.push(queues);
    const queue = queues.get('timeline');
    await queue.add(
      'user.registered',
      {
        eventId: '0190b1de-2222-7000-8000-000000000002',
        name: 'user.registered',
        occurredAt: '2026-01-01T00:00:00.000Z',
        payload: { userId: 'x' },
      },
      { jobId: 'e2', attempts: 5, backoff: { type: 'fixed', delay: 10 } },
    );
    sut.start();
    await waitFor(async () => (await queue.getJobCounts('failed')).failed === 1);
    const job = await queue.getJob('e2');
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/Invalid user.registered payload/);
    expect(handler).not.toHaveBeenCalled();
  });
});
