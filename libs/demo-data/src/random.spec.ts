import { DemoRandom, WeightedTable } from './random';
import { parseSeedArguments, seedCommandOptions } from './seed-run';

describe(DemoRandom.name, () => {
  it('gives the same numbers for the same label, others for another', () => {
    const take = (random: DemoRandom) => Array.from({ length: 5 }, () => random.next());
    expect(take(new DemoRandom('a'))).toEqual(take(new DemoRandom('a')));
    expect(take(new DemoRandom('a'))).not.toEqual(take(new DemoRandom('b')));
  });

  it('forks streams that do not move when their parent draws', () => {
    const parent = new DemoRandom('root');
    const before = parent.fork('part').next();
    parent.next();
    expect(parent.fork('part').next()).toBe(before);
  });

  it('stays in range and picks by weight', () => {
    const sut = new DemoRandom('range');
    const counts = { light: 0, heavy: 0 };
    for (let index = 0; index < 2000; index += 1) {
      const value = sut.int(3, 5);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(5);
      counts[sut.weighted(['light', 'heavy'] as const, (item) => (item === 'heavy' ? 9 : 1))] += 1;
    }
    expect(counts.heavy).toBeGreaterThan(counts.light * 5);
    expect(sut.sample([1, 2, 3, 4], 3).sort()).toHaveLength(3);
    expect(new Set(sut.sample([1, 2, 3, 4], 10))).toEqual(new Set([1, 2, 3, 4]));
    expect(sut.hex32()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe(WeightedTable.name, () => {
  it('finds the item whose share of the weight holds the fraction', () => {
    const sut = new WeightedTable(['a', 'b', 'c'], (item) => (item === 'b' ? 2 : 1));
    expect([0, 0.24, 0.25, 0.74, 0.75, 0.999].map((fraction) => sut.at(fraction))).toEqual([
      'a',
      'a',
      'b',
      'b',
      'c',
      'c',
    ]);
    expect(() => new WeightedTable(['a'], () => 0)).toThrow(RangeError);
  });
});

describe(parseSeedArguments.name, () => {
  it('reads --size and --now, the default size and now without', () => {
    const before = Date.now();
    const plain = parseSeedArguments([]);
    expect(plain.size).toBe('default');
    expect(plain.now.getTime()).toBeGreaterThanOrEqual(before);
    expect(parseSeedArguments(['--size', 'large']).size).toBe('large');
    expect(parseSeedArguments(['--size=large', '--now=2026-11-25T15:30:00.000Z'])).toEqual({
      size: 'large',
      now: new Date('2026-11-25T15:30:00.000Z'),
    });
  });

  it('refuses what it does not know, with no stack', () => {
    expect(() => parseSeedArguments(['--size', 'huge'])).toThrow(/Unknown size "huge"/);
    expect(() => parseSeedArguments(['--size'])).toThrow(/Unknown seed argument/);
    expect(() => parseSeedArguments(['--now', 'yesterday'])).toThrow(/ISO time/);
    expect(() => parseSeedArguments(['--now', '2999-01-01T00:00:00Z'])).toThrow(/future/);
    expect(() => parseSeedArguments(['--fast'])).toThrow(
      expect.objectContaining({ name: 'UsageError' }),
    );
  });
});

describe(seedCommandOptions.name, () => {
  it('tells progress for the large seed only', () => {
    expect(seedCommandOptions('timeline', ['--size', 'large'])).toMatchObject({
      size: 'large',
      progress: expect.any(Function),
    });
    expect(seedCommandOptions('timeline', []).progress).toBeUndefined();
  });
});
