import { SERVICE_PORTS } from '../services.contract';
import { EVENT_CONSUMERS, eventQueueName } from './event.contract';
import type { QueueSpec } from './queue.contract';
import { QUEUE_NAMES, QUEUES } from './queue.contract';

describe('QUEUES', () => {
  it('has an event queue for every consumer of the subscription table, consumed by it', () => {
    for (const consumer of EVENT_CONSUMERS) {
      expect(QUEUES[eventQueueName(consumer)]).toMatchObject({ consumer });
    }
  });

  it.each(QUEUE_NAMES)(
    'names %s `<service>-<purpose>` after the service that consumes it',
    (name) => {
      const spec = QUEUES[name];
      expect(Object.keys(SERVICE_PORTS)).toContain(spec.consumer);
      expect(name.startsWith(`${spec.consumer}-`)).toBe(true);
      expect(name).toMatch(/^[a-z]+-[a-z-]+$/);
    },
  );

  it.each(QUEUE_NAMES)('gives %s settings a worker can run with', (name) => {
    const spec: QueueSpec = QUEUES[name];
    expect(Number.isInteger(spec.attempts) && spec.attempts >= 1).toBe(true);
    expect(Number.isInteger(spec.concurrency) && spec.concurrency >= 1).toBe(true);
    expect(spec.carries.length).toBeGreaterThan(10);
    // A job that fails is kept for inspection: never removed at once.
    expect(spec.keepFailed.seconds ?? spec.keepFailed.count).toBeGreaterThan(0);
    if (spec.attempts > 1) expect('backoff' in spec && spec.backoff).toBeTruthy();
  });
});
