import { chunksOf, forEachConcurrently, roundsByDepth } from './seed-run';

describe(chunksOf.name, () => {
  it('cuts a list into runs of the size, the last one shorter, nothing lost', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([1, 2], 5)).toEqual([[1, 2]]);
    expect(chunksOf([], 3)).toEqual([]);
  });
});

describe(roundsByDepth.name, () => {
  it('puts each reply one round after its parent, in the given order within a round', () => {
    // 0 and 2 are posts; 1 answers 0; 3 answers 1; 4 answers 2; 5 answers 3.
    const posts = [
      { parent: null },
      { parent: 0 },
      { parent: null },
      { parent: 1 },
      { parent: 2 },
      { parent: 3 },
    ];
    expect(roundsByDepth(posts)).toEqual([[0, 2], [1, 4], [3], [5]]);
  });

  it('gives no rounds for no posts', () => {
    expect(roundsByDepth([])).toEqual([]);
  });
});

describe(forEachConcurrently.name, () => {
  it('does every item once and reports a long step about every tenth, counting batches by size', async () => {
    const batches = chunksOf(
      Array.from({ length: 1_000 }, (_, index) => index),
      50,
    );
    const seen: number[] = [];
    const reports: string[] = [];
    await forEachConcurrently(
      batches,
      2,
      async (batch) => {
        await Promise.resolve();
        seen.push(...batch);
      },
      { label: 'posts', progress: (line) => reports.push(line), sizeOf: (batch) => batch.length },
    );
    expect([...seen].sort((a, b) => a - b)).toEqual(batches.flat());
    expect(reports).toEqual(Array.from({ length: 10 }, (_, n) => `posts ${(n + 1) * 100}/1000`));
  });

  it('says nothing while a short step runs', async () => {
    const reports: string[] = [];
    await forEachConcurrently([1, 2, 3], 2, () => Promise.resolve(), {
      label: 'members',
      progress: (line) => reports.push(line),
    });
    expect(reports).toEqual([]);
  });
});
