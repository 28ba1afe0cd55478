import { QUEUE_NAMES, QUEUES } from '@wave/contracts';
import { concurrencyOf, jobOptionsOf } from './queue-settings';

describe(jobOptionsOf.name, () => {
  it('gives an event job its id, retries with doubling waits, and its queue’s retention', () => {
    expect(jobOptionsOf('search-events', 'e-1')).toEqual({
      jobId: 'e-1',
      attempts: 8,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 24 * 3600, count: 50_000 },
      removeOnFail: { age: 14 * 24 * 3600 },
    });
  });

  it('leaves out the id and the backoff when there are none, and keeps a count alone', () => {
    expect(jobOptionsOf('media-cleanup')).toEqual({
      attempts: 1,
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 100 },
    });
  });

  it('removes a job at once when its queue keeps none, and leaves a custom backoff to the worker', () => {
    expect(jobOptionsOf('analytics-backfill', 'projections')).toEqual({
      jobId: 'projections',
      attempts: 2_880,
      backoff: { type: 'custom' },
      removeOnComplete: true,
      removeOnFail: { age: 14 * 24 * 3600 },
    });
  });

  it.each(QUEUE_NAMES)('has options and a concurrency for %s', (queue) => {
    const options = jobOptionsOf(queue);
    expect(options.attempts).toBe(QUEUES[queue].attempts);
    expect(options.removeOnFail).toBeDefined();
    expect(concurrencyOf(queue)).toBe(QUEUES[queue].concurrency);
  });
});
