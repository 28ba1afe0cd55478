import { Queue } from 'bullmq';
import type { EventEnvelope } from '@wave/contracts';
import { eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

describe('events published by identity', () => {
  let stack: Stack;
  const queues: Queue[] = [];

  const queue = (consumer: 'timeline' | 'search' | 'analytics' | 'identity') => {
    const opened = new Queue(eventQueueName(consumer), {
      connection: bullConnection(stack.redis.url),
      prefix: bullPrefix(stack.redis.keyPrefix),
    });
    queues.push(opened);
    return opened;
  };

  const eventsIn = async (
    consumer: 'timeline' | 'search' | 'analytics' | 'identity',
    name: string,
    timeoutMs = 5_000,
  ) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const jobs = await queue(consumer).getJobs(['waiting', 'delayed', 'active', 'completed']);
      const found = jobs.filter((job) => job.name === name).map((job) => job.data as EventEnvelope);
      if (found.length > 0 || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    stack = await startStack('events');
  });
  afterAll(async () => {
    await Promise.all(queues.map((opened) => opened.close()));
    await stack?.stop();
  });

  it('delivers user.registered to the queues of its subscribers', async () => {
    const account = newAccount('evented');
    const user = (
      await new ApiClient(stack.gateway.url).post<{ id: string }>('/api/register', account)
    ).body;
    for (const consumer of ['timeline', 'search', 'analytics'] as const) {
      const events = await eventsIn(consumer, 'user.registered');
      expect(events.map((event) => event.payload)).toContainEqual(
        expect.objectContaining({ userId: user.id, username: account.username, version: 1 }),
      );
    }
    // identity publishes it and does not subscribe to it.
    expect(await eventsIn('identity', 'user.registered', 300)).toEqual([]);
  });

  it('delivers follow.created and follow.deleted', async () => {
    const a = new ApiClient(stack.gateway.url);
    const b = new ApiClient(stack.gateway.url);
    await a.post('/api/register', newAccount('fa'));
    const target = (await b.post<{ id: string }>('/api/register', newAccount('fb'))).body;
    await a.post(`/api/users/${target.id}/follow`);
    await a.delete(`/api/users/${target.id}/follow`);
    const created = await eventsIn('analytics', 'follow.created');
    const deleted = await eventsIn('analytics', 'follow.deleted');
    expect(created.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ followeeId: target.id }),
    );
    expect(deleted.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ followeeId: target.id }),
    );
  });
});
