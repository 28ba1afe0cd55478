import { QUEUES } from '@wave/contracts';
import { BACKFILL_MAX_RETRY_MS, BACKFILL_QUEUE, backfillRetryDelayMs } from './backfill.worker';

describe('the backfill’s retries', () => {
  it('wait 2, 4, 8 and 16 s, then every 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(backfillRetryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('last about a day in all: the queue’s attempts (QUEUES) at the longest wait', () => {
    const { attempts } = QUEUES[BACKFILL_QUEUE];
    let total = 0;
    for (let made = 1; made < attempts; made += 1) total += backfillRetryDelayMs(made);
    expect(total / 3600_000).toBeGreaterThan(23.5);
    expect(total / 3600_000).toBeLessThan(24.5);
    expect(attempts * BACKFILL_MAX_RETRY_MS).toBe(24 * 3600_000);
  });
});
