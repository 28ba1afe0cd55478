import { seededRandom } from '@wave/demo-data';
import type { Sample } from './logistic-regression';
import {
  areaUnderCurve,
  fitLogisticRegression,
  logLoss,
  predict,
  sigmoid,
} from './logistic-regression';

/** A standard normal draw (Box-Muller). */
const gaussian = (random: () => number): number =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Samples of a known logistic model: a bias of 1 then standard normal features. */
const samplesOf = (weights: readonly number[], count: number, seed: number): Sample[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const features = [1, ...weights.slice(1).map(() => gaussian(random))];
    return { features, label: random() < predict(weights, features) ? 1 : 0 };
  });
};

/** One feature, so that the weight [1] scores each sample with sigmoid(x). */
const scored = (...pairs: [x: number, label: 0 | 1][]): Sample[] =>
  pairs.map(([x, label]) => ({ features: [x], label }));

const TRUE_WEIGHTS = [-0.5, 1.5, -2, 0.8];

describe(sigmoid.name, () => {
  it('is one half at zero, and symmetric about it', () => {
    expect(sigmoid(0)).toBe(0.5);
    for (const z of [0.3, 1, 4, 12]) {
      expect(sigmoid(z) + sigmoid(-z)).toBeCloseTo(1, 12);
    }
  });

  it('increases with its argument', () => {
    const values = [-5, -1, -0.1, 0, 0.1, 1, 5].map(sigmoid);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
  });

  it.each([1e3, -1e3, Infinity, -Infinity, Number.MAX_VALUE])('stays a probability for %p', (z) => {
    const sut = sigmoid(z);
    expect(Number.isFinite(sut)).toBe(true);
    expect(sut).toBeGreaterThanOrEqual(0);
    expect(sut).toBeLessThanOrEqual(1);
  });
});

describe(predict.name, () => {
  it('is the sigmoid of the weighted sum of the features', () => {
    expect(predict([0.5, -2, 1], [1, 0.25, 3])).toBeCloseTo(sigmoid(0.5 - 0.5 + 3), 12);
  });

  it('counts a feature the vector lacks as 0', () => {
    expect(predict([0.5, 7], [1])).toBe(sigmoid(0.5));
  });
});

describe(fitLogisticRegression.name, () => {
  const samples = samplesOf(TRUE_WEIGHTS, 6000, 42);

  it('recovers the weights of the model that generated the data', () => {
    const sut = fitLogisticRegression(samples, TRUE_WEIGHTS.length);
    sut.forEach((weight, i) => expect(Math.abs(weight - TRUE_WEIGHTS[i]!)).toBeLessThan(0.15));
  });

  it('is calibrated: its mean prediction on the training set is the observed positive rate', () => {
    const sut = fitLogisticRegression(samples, TRUE_WEIGHTS.length);
    const meanPredicted =
      samples.reduce((sum, sample) => sum + predict(sut, sample.features), 0) / samples.length;
    const positiveRate = samples.filter((sample) => sample.label === 1).length / samples.length;
    expect(meanPredicted).toBeCloseTo(positiveRate, 4);
  });

  it('gives the same weights on every run, and from other starting weights', () => {
    const first = fitLogisticRegression(samples, TRUE_WEIGHTS.length);
    expect(fitLogisticRegression(samples, TRUE_WEIGHTS.length)).toEqual(first);
    const fromElsewhere = fitLogisticRegression(
      samples,
      TRUE_WEIGHTS.length,
      {},
      [0.5, -0.5, 0.5, -0.5],
    );
    fromElsewhere.forEach((weight, i) => expect(weight).toBeCloseTo(first[i]!, 5));
  });

  it('reaches the same weights from starting weights that are confidently wrong', () => {
    const fromZeros = fitLogisticRegression(samples, 4);
    const fromElsewhere = fitLogisticRegression(samples, 4, {}, [-3, 0, 0, 0]);
    const fromOpposite = fitLogisticRegression(
      samples,
      4,
      {},
      TRUE_WEIGHTS.map((w) => -4 * w),
    );
    fromElsewhere.forEach((w, i) => expect(w).toBeCloseTo(fromZeros[i]!, 4));
    fromOpposite.forEach((w, i) => expect(w).toBeCloseTo(fromZeros[i]!, 4));
  });

  it('leaves the starting weights as they were', () => {
    const initial = [0.1, 0.2, 0.3, 0.4];
    fitLogisticRegression(samples, TRUE_WEIGHTS.length, {}, initial);
    expect(initial).toEqual([0.1, 0.2, 0.3, 0.4]);
  });

  it('keeps the weights finite, and the right way round, on perfectly separable data', () => {
    const separable: Sample[] = Array.from({ length: 200 }, (_, i) => {
      const x = (i - 99.5) / 50;
      return { features: [1, x], label: x > 0 ? 1 : 0 };
    });
    const sut = fitLogisticRegression(separable, 2);
    expect(sut.every(Number.isFinite)).toBe(true);
    expect(sut[1]).toBeGreaterThan(0);
    expect(Math.abs(sut[1]!)).toBeLessThan(1e3);
    expect(areaUnderCurve(sut, separable)).toBe(1);
  });

  it('shrinks the weights more as the L2 penalty grows', () => {
    // The size of the weights but the bias, which is not penalised.
    const norm = (weights: number[]): number => Math.hypot(...weights.slice(1));
    const light = fitLogisticRegression(samples, TRUE_WEIGHTS.length, { l2: 0.01 });
    const heavy = fitLogisticRegression(samples, TRUE_WEIGHTS.length, { l2: 5000 });
    expect(norm(heavy)).toBeLessThan(norm(light) / 2);
  });

  it('does not penalise the bias: it still matches the base rate under a heavy penalty', () => {
    const random = seededRandom(7);
    const baseRate: Sample[] = Array.from({ length: 1000 }, (_, i) => ({
      features: [1, gaussian(random)],
      label: i % 10 === 0 ? 0 : 1,
    }));
    const sut = fitLogisticRegression(baseRate, 2, { l2: 1e4 });
    expect(sut[0]).toBeCloseTo(Math.log(0.9 / 0.1), 2);
    expect(Math.abs(sut[1]!)).toBeLessThan(0.01);
  });
});

describe(logLoss.name, () => {
  const samples = samplesOf(TRUE_WEIGHTS, 3000, 1);

  it('is ln 2 for weights that predict one half for everything', () => {
    expect(logLoss([0, 0, 0, 0], samples)).toBeCloseTo(Math.LN2, 12);
  });

  it('is lower for the true weights than for zeros or for the wrong signs', () => {
    const sut = logLoss(TRUE_WEIGHTS, samples);
    expect(sut).toBeLessThan(logLoss([0, 0, 0, 0], samples));
    expect(sut).toBeLessThan(
      logLoss(
        TRUE_WEIGHTS.map((w) => -w),
        samples,
      ),
    );
  });

  it('stays finite for a confident wrong prediction', () => {
    const sut = logLoss([1], scored([1e6, 0]));
    expect(Number.isFinite(sut)).toBe(true);
    expect(sut).toBeGreaterThan(20);
  });

  it('is NaN with no samples', () => {
    expect(logLoss([1], [])).toBeNaN();
  });
});

describe(areaUnderCurve.name, () => {
  it('is 1 when every positive outranks every negative', () => {
    expect(areaUnderCurve([1], scored([-2, 0], [3, 1], [-1, 0], [2, 1], [0.5, 1]))).toBe(1);
  });

  it('is 0 when every negative outranks every positive', () => {
    expect(areaUnderCurve([1], scored([2, 0], [-3, 1], [1, 0], [-2, 1]))).toBe(0);
  });

  it('is 0.5 when every score is the same', () => {
    expect(areaUnderCurve([0], scored([2, 0], [-3, 1], [1, 0], [-2, 1], [5, 1]))).toBe(0.5);
  });

  it('counts a tie between a positive and a negative as half', () => {
    // The positive ties one negative (1/2) and outranks the other (1).
    expect(areaUnderCurve([1], scored([1, 1], [1, 0], [-1, 0]))).toBe(0.75);
  });

  it('is about 0.5 for scores unrelated to the labels', () => {
    const random = seededRandom(99);
    const samples: Sample[] = Array.from({ length: 4000 }, () => ({
      features: [gaussian(random)],
      label: random() < 0.3 ? 1 : 0,
    }));
    expect(Math.abs(areaUnderCurve([1], samples) - 0.5)).toBeLessThan(0.03);
  });

  it('is the share of positive-negative pairs the positive wins', () => {
    const random = seededRandom(3);
    const samples: Sample[] = Array.from({ length: 300 }, () => ({
      // Few distinct values, so that there are many ties.
      features: [Math.floor(random() * 8)],
      label: random() < 0.4 ? 1 : 0,
    }));
    let wins = 0;
    let pairs = 0;
    for (const positive of samples.filter((s) => s.label === 1)) {
      for (const negative of samples.filter((s) => s.label === 0)) {
        const difference = positive.features[0]! - negative.features[0]!;
        wins += difference > 0 ? 1 : difference === 0 ? 0.5 : 0;
        pairs++;
      }
    }
    expect(areaUnderCurve([1], samples)).toBeCloseTo(wins / pairs, 12);
  });

  it.each([
    ['only positives', scored([1, 1], [2, 1])],
    ['only negatives', scored([1, 0], [2, 0])],
    ['no samples', []],
  ])('is NaN with %s', (_, samples) => {
    expect(areaUnderCurve([1], samples)).toBeNaN();
  });
});
