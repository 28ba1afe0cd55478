import { EventBatcher } from './event-batcher';

/** A batcher that records what it applied, and fails for the items `bad` names. */
function recordingBatcher(options: { maxSize: number; maxWaitMs: number; bad?: Set<number> }) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const batcher = new EventBatcher<number>({
    maxSize: options.maxSize,
    maxWaitMs: options.maxWaitMs,
    applyAll: (items) => {
      if (items.some((item) => options.bad?.has(item))) {
        return Promise.reject(new Error('batch refused'));
      }
      batches.push(items);
      return Promise.resolve();
    },
    applyOne: (item) => {
      if (options.bad?.has(item)) return Promise.reject(new Error(`item ${item} refused`));
      alone.push(item);
      return Promise.resolve();
    },
  });
  return { batcher, batches, alone };
}

describe('EventBatcher', () => {
  it('applies the items that arrive together in one batch, and settles each of them', async () => {
    const { batcher, batches, alone } = recordingBatcher({ maxSize: 10, maxWaitMs: 5 });
    await Promise.all([1, 2, 3].map((item) => batcher.add(item)));
    expect(batches).toEqual([[1, 2, 3]]);
    expect(alone).toEqual([]);
  });

  it('applies a full batch at once, without waiting for more', async () => {
    // A wait far beyond the test's own timeout: only a full batch can settle these.
    const { batcher, batches } = recordingBatcher({ maxSize: 3, maxWaitMs: 3_600_000 });
    await Promise.all([1, 2, 3].map((item) => batcher.add(item)));
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('splits what exceeds the size into the next batch', async () => {
    const { batcher, batches } = recordingBatcher({ maxSize: 2, maxWaitMs: 5 });
    await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.add(item)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('starts a new batch for items that come after one was applied', async () => {
    const { batcher, batches } = recordingBatcher({ maxSize: 10, maxWaitMs: 5 });
    await batcher.add(1);
    await Promise.all([batcher.add(2), batcher.add(3)]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('applies a failed batch again one item at a time: the bad item fails alone', async () => {
    const { batcher, batches, alone } = recordingBatcher({
      maxSize: 10,
      maxWaitMs: 5,
      bad: new Set([2]),
    });
    const results = await Promise.allSettled([1, 2, 3].map((item) => batcher.add(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('item 2 refused'));
    expect(batches).toEqual([]);
    expect(alone).toEqual([1, 3]);
  });

  it("fails a batch of one with the batch's own error, without applying it twice", async () => {
    const { batcher, alone } = recordingBatcher({ maxSize: 10, maxWaitMs: 5, bad: new Set([7]) });
    await expect(batcher.add(7)).rejects.toThrow('batch refused');
    expect(alone).toEqual([]);
  });

  it('refuses a size that is not a positive whole number', () => {
    const apply = () => Promise.resolve();
    for (const maxSize of [0, -1, 1.5, Number.NaN]) {
      expect(
        () => new EventBatcher({ maxSize, maxWaitMs: 5, applyAll: apply, applyOne: apply }),
      ).toThrow('maxSize must be a positive integer');
    }
  });
});
