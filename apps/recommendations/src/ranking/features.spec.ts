import { FEATURE_NAMES, featureVector, STARTING_WEIGHTS } from './features';

const valueOf = (vector: number[], name: (typeof FEATURE_NAMES)[number]): number =>
  vector[FEATURE_NAMES.indexOf(name)]!;

describe(featureVector.name, () => {
  it('lists the features in the order of FEATURE_NAMES, with a bias of 1', () => {
    const sut = featureVector('post', {
      graph: 0.1,
      social: 0.2,
      coEngagement: 0.3,
      topic: 0.4,
      content: 0.45,
      popularity: 0.5,
      freshness: 0.6,
      authorRate: 0.7,
      searched: 1,
    });
    expect(sut).toEqual([1, 0.1, 0.2, 0.3, 0.4, 0.45, 0.5, 0.6, 0.7, 1, 0, 1, 0]);
    expect(sut).toHaveLength(FEATURE_NAMES.length);
    expect(FEATURE_NAMES[0]).toBe('bias');
  });

  it.each([
    ['user', [1, 0, 0]],
    ['post', [0, 1, 0]],
    ['community', [0, 0, 1]],
  ] as const)('marks a %s with a one-hot type', (type, oneHot) => {
    const sut = featureVector(type, {});
    expect([valueOf(sut, 'isUser'), valueOf(sut, 'isPost'), valueOf(sut, 'isCommunity')]).toEqual(
      oneHot,
    );
  });

  it('counts a feature that was not measured as 0', () => {
    const sut = featureVector('user', { graph: 2 });
    expect(sut).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
  });

  it.each([Number.NaN, Infinity, -Infinity])('replaces %p with 0', (value) => {
    const sut = featureVector('community', { topic: value, popularity: 0.25 });
    expect(valueOf(sut, 'topic')).toBe(0);
    expect(valueOf(sut, 'popularity')).toBe(0.25);
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
