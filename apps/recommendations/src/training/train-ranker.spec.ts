import { seededRandom } from '@wave/demo-data';
import type { Sample } from '../ranking/logistic-regression';
import { predict } from '../ranking/logistic-regression';
import { isHeldOut, MIN_PER_CLASS, MIN_SAMPLES, trainRanker } from './train-ranker';

type UserSample = Sample & { userId: string };

/** A standard normal draw (Box-Muller). */
const gaussian = (random: () => number): number =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const userIds = Array.from({ length: 2000 }, (_, i) => `user-${i}`);
const heldOutIds = userIds.filter(isHeldOut);
const trainingIds = userIds.filter((id) => !isHeldOut(id));

/** Outcomes of a known logistic model, for members taken in turn from `ids`. */
const outcomesOf = (
  weights: readonly number[],
  count: number,
  seed: number,
  ids: readonly string[] = userIds,
): UserSample[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const features = [1, ...weights.slice(1).map(() => gaussian(random))];
    return {
      features,
      label: random() < predict(weights, features) ? 1 : 0,
      userId: ids[i % ids.length]!,
    };
  });
};

/** `positives` outcomes acted on and `negatives` ignored, for many members. */
const labelled = (positives: number, negatives: number): UserSample[] =>
  [...Array<1>(positives).fill(1), ...Array<0>(negatives).fill(0)].map((label, i) => ({
    features: [1, label === 1 ? 0.5 + (i % 3) : -0.5 - (i % 5)],
    label,
    userId: userIds[i]!,
  }));

const TRUE_WEIGHTS = [-0.5, 1.5, -2, 0.8];
const ZEROS = [0, 0, 0, 0];

describe(isHeldOut.name, () => {
  it('holds out the same members on every call and every run', () => {
    const sut = userIds.slice(0, 40).filter(isHeldOut);
    expect(sut).toEqual(['user-4', 'user-14', 'user-15', 'user-22', 'user-28', 'user-37']);
    expect(userIds.slice(0, 40).filter(isHeldOut)).toEqual(sut);
  });

  it('holds out about one member in five', () => {
    const share = heldOutIds.length / userIds.length;
    expect(share).toBeGreaterThan(0.17);
    expect(share).toBeLessThan(0.23);
  });
});

describe(trainRanker.name, () => {
  it.each([
    ['fewer samples than the minimum', MIN_SAMPLES - 1, 20, `(${MIN_SAMPLES - 1}, 20 acted on)`],
    ['too few acted on', 200, MIN_PER_CLASS - 1, `(200, ${MIN_PER_CLASS - 1} acted on)`],
    ['none acted on', 200, 0, '(200, 0 acted on)'],
    ['no samples', 0, 0, '(0, 0 acted on)'],
  ])('keeps the current weights with %s', (_, count, positives, counts) => {
    const sut = trainRanker(labelled(positives, count - positives), [0, 0]);
    expect(sut).toEqual({ weights: null, reason: `too few outcomes ${counts}`, metrics: null });
  });

  it('keeps the current weights with too few ignored or dismissed items', () => {
    const sut = trainRanker(labelled(200 - (MIN_PER_CLASS - 1), MIN_PER_CLASS - 1), [0, 0]);
    expect(sut).toEqual({
      weights: null,
      reason: 'too few ignored or dismissed items',
      metrics: null,
    });
  });

  it('trains with just enough samples of each kind', () => {
    const sut = trainRanker(labelled(MIN_PER_CLASS, MIN_SAMPLES - MIN_PER_CLASS), [0, 0]);
    expect(sut.metrics).toMatchObject({ samples: MIN_SAMPLES, positives: MIN_PER_CLASS });
  });

  it('adopts new weights that predict the held-out members better, refitted on every sample', () => {
    const samples = outcomesOf(TRUE_WEIGHTS, 4000, 11);
    const sut = trainRanker(samples, ZEROS);
    expect(sut.reason).toBe('better on the held-out members');
    expect(sut.metrics).toEqual({
      samples: 4000,
      positives: samples.filter((sample) => sample.label === 1).length,
      holdout: samples.filter((sample) => isHeldOut(sample.userId)).length,
      holdoutLogLoss: expect.any(Number),
      currentLogLoss: expect.any(Number),
      holdoutAuc: expect.any(Number),
      currentAuc: expect.any(Number),
    });
    expect(sut.metrics!.holdout).toBeGreaterThan(0.15 * 4000);
    expect(sut.metrics!.holdoutLogLoss).toBeLessThan(sut.metrics!.currentLogLoss);
    expect(sut.metrics!.currentLogLoss).toBeCloseTo(Math.LN2, 12);
    expect(sut.metrics!.holdoutAuc).toBeGreaterThan(0.8);
    expect(sut.metrics!.currentAuc).toBe(0.5);
    sut.weights!.forEach((weight, i) =>
      expect(Math.abs(weight - TRUE_WEIGHTS[i]!)).toBeLessThan(0.15),
    );
  });

  it('keeps the current weights when the new ones predict the held-out members worse', () => {
    // What the training members did is the opposite of what the held-out members did.
    const random = seededRandom(5);
    const samples: UserSample[] = userIds.map((userId) => {
      const x = gaussian(random);
      const acted = random() < 0.9 === x > 0;
      return {
        features: [1, x],
        label: acted === isHeldOut(userId) ? 0 : 1,
        userId,
      };
    });
    const sut = trainRanker(samples, [0, 0]);
    expect(sut.weights).toBeNull();
    expect(sut.reason).toBe('not better than the current weights');
    expect(sut.metrics!.holdoutLogLoss).toBeGreaterThan(sut.metrics!.currentLogLoss);
    expect(sut.metrics!.holdoutAuc).toBeLessThan(0.5);
  });

  it('keeps the current weights when no member is held out (it would judge on its own training data)', () => {
    const samples = outcomesOf(TRUE_WEIGHTS, 600, 23, trainingIds);
    const sut = trainRanker(samples, ZEROS);
    expect(sut).toEqual({
      weights: null,
      reason: 'too few held-out outcomes of each kind',
      metrics: null,
    });
  });

  it('adopts better weights even when the current ones are far off', () => {
    const sut = trainRanker(outcomesOf(TRUE_WEIGHTS, 4000, 11), [3, 0, 0, 0]);
    expect(sut.reason).toBe('better on the held-out members');
    expect(sut.metrics!.holdoutLogLoss).toBeLessThan(0.7);
  });

  it('leaves the current weights as they were', () => {
    const current = [0.1, 0.2, 0.3, 0.4];
    trainRanker(outcomesOf(TRUE_WEIGHTS, 1000, 2), current);
    expect(current).toEqual([0.1, 0.2, 0.3, 0.4]);
  });
});
