import { createHash } from 'node:crypto';
import type { Sample } from '../ranking/logistic-regression';
import { areaUnderCurve, fitLogisticRegression, logLoss } from '../ranking/logistic-regression';

/** Fewer outcomes than these teach the ranker nothing reliable: the current weights stay. */
export const MIN_SAMPLES = 40;
export const MIN_PER_CLASS = 8;

export interface TrainingOutcome {
  /** The new weights, or null when they are not better than the current ones. */
  weights: number[] | null;
  reason: string;
  metrics: {
    samples: number;
    positives: number;
    holdout: number;
    holdoutLogLoss: number;
    currentLogLoss: number;
    holdoutAuc: number;
    currentAuc: number;
  } | null;
}

/** One member in five is held out (by a hash of their id: the same members every run). */
export const isHeldOut = (userId: string): boolean =>
  createHash('sha1').update(userId).digest()[0]! % 5 === 0;

/**
 * Trains a ranker on the outcomes and keeps it only if it predicts the held-out members'
 * outcomes better (lower log loss) than the current weights: a bad day's data cannot make the
 * ranking worse. The kept model is then refitted on every sample.
 */
export function trainRanker(
  samples: readonly (Sample & { userId: string })[],
  current: readonly number[],
): TrainingOutcome {
  const positives = samples.filter((sample) => sample.label === 1).length;
  if (samples.length < MIN_SAMPLES || positives < MIN_PER_CLASS) {
    return {
      weights: null,
      reason: `too few outcomes (${samples.length}, ${positives} acted on)`,
      metrics: null,
    };
  }
  if (samples.length - positives < MIN_PER_CLASS) {
    return { weights: null, reason: 'too few ignored or dismissed items', metrics: null };
  }
  const train = samples.filter((sample) => !isHeldOut(sample.userId));
  const holdout = samples.filter((sample) => isHeldOut(sample.userId));
  const heldOutPositives = holdout.filter((sample) => sample.label === 1).length;
  if (heldOutPositives === 0 || heldOutPositives === holdout.length) {
    // Judged on data it was trained on, any model looks better: keep the current one.
    return { weights: null, reason: 'too few held-out outcomes of each kind', metrics: null };
  }
  const evaluation = holdout;
  const candidate = fitLogisticRegression(train, current.length, {}, current);
  const metrics = {
    samples: samples.length,
    positives,
    holdout: holdout.length,
    holdoutLogLoss: logLoss(candidate, evaluation),
    currentLogLoss: logLoss(current, evaluation),
    holdoutAuc: areaUnderCurve(candidate, evaluation),
    currentAuc: areaUnderCurve(current, evaluation),
  };
  if (!(metrics.holdoutLogLoss < metrics.currentLogLoss)) {
    return { weights: null, reason: 'not better than the current weights', metrics };
  }
  return {
    weights: fitLogisticRegression(samples, current.length, {}, candidate),
    reason: 'better on the held-out members',
    metrics,
  };
}
