import { FEATURE_NAMES, featureIndex, featureVector, STARTING_WEIGHTS } from './features';

const valueOf = (vector: number[], name: (typeof FEATURE_NAMES)[number]): number =>
  vector[FEATURE_NAMES.indexOf(name)]!;

describe(featureVector.name, () => {
  it('puts a kind’s measures in its own places, in the order of FEATURE_NAMES, with a bias of 1', () => {
    const sut = featureVector('post', {
      social: 0.2,
      topic: 0.4,
      popularity: 0.5,
      freshness: 0.6,
      authorRate: 0.7,
      searched: 1,
    });
    expect(sut).toHaveLength(FEATURE_NAMES.length);
    expect(FEATURE_NAMES[0]).toBe('bias');
    expect(
      Object.fromEntries(FEATURE_NAMES.map((name, i) => [name, sut[i]]).filter(([, v]) => v !== 0)),
    ).toEqual({
      bias: 1,
      isPost: 1,
      'post:social': 0.2,
      'post:topic': 0.4,
      'post:popularity': 0.5,
      'post:freshness': 0.6,
      'post:authorRate': 0.7,
      'post:searched': 1,
    });
  });

  it('leaves out a measure the kind has no place for', () => {
    const sut = featureVector('community', { freshness: 0.9, graph: 2, topic: 0.3 });
    expect(sut.filter((value) => value !== 0)).toEqual([1, 1, 0.3]);
    expect(valueOf(sut, 'community:topic')).toBe(0.3);
    expect(featureIndex('community', 'freshness')).toBe(-1);
  });

  it.each([
    ['user', [0, 0]],
    ['post', [1, 0]],
    ['community', [0, 1]],
  ] as const)('marks a %s by its kind', (type, marks) => {
    const sut = featureVector(type, {});
    expect([valueOf(sut, 'isPost'), valueOf(sut, 'isCommunity')]).toEqual(marks);
  });

  it('counts a feature that was not measured as 0', () => {
    const sut = featureVector('user', { graph: 2 });
    expect(sut.filter((value) => value !== 0)).toEqual([1, 2]);
    expect(valueOf(sut, 'user:graph')).toBe(2);
  });

  it.each([Number.NaN, Infinity, -Infinity])('replaces %p with 0', (value) => {
    const sut = featureVector('community', { topic: value, popularity: 0.25 });
    expect(valueOf(sut, 'community:topic')).toBe(0);
    expect(valueOf(sut, 'community:popularity')).toBe(0.25);
    expect(sut.every(Number.isFinite)).toBe(true);
  });
});

describe('STARTING_WEIGHTS', () => {
  it('has a finite weight for every feature, and a low base rate', () => {
    expect(Object.keys(STARTING_WEIGHTS).sort()).toEqual([...FEATURE_NAMES].sort());
    expect(Object.values(STARTING_WEIGHTS).every(Number.isFinite)).toBe(true);
    expect(STARTING_WEIGHTS.bias).toBeLessThan(0);
  });
});
