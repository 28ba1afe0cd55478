/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares). The ranker has a dozen features, so each step solves a 12×12 system: exact, fast and
 * deterministic, where gradient descent would need a learning rate tuned to the data. Its output
 * is a probability, calibrated by the log loss it minimises, which is what the API's 0-1 score
 * promises.
 */
export interface Sample {
  features: readonly number[];
  /** 1: the member acted on it (followed, liked, joined, chose it); 0: ignored or dismissed. */
  label: 0 | 1;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-Math.max(-35, Math.min(35, z))));

export const dot = (a: readonly number[], b: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * (b[i] ?? 0);
  return sum;
};

export const predict = (weights: readonly number[], features: readonly number[]): number =>
  sigmoid(dot(weights, features));

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and positive-definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    }
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let row = col + 1; row < n; row++) {
      const factor = m[row]![col]! / p;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    const p = m[row]![row]!;
    if (Math.abs(p) < 1e-12) continue;
    let sum = m[row]![n]!;
    for (let k = row + 1; k < n; k++) sum -= m[row]![k]! * x[k]!;
    x[row] = sum / p;
  }
  return x;
}

export interface FitOptions {
  /** The L2 penalty (not applied to the first weight, the bias). */
  l2?: number;
  maxIterations?: number;
  /** Stops when no weight moves more than this. */
  tolerance?: number;
}

/** Fits the weights to the samples, starting from `initial` (zeros by default). */
export function fitLogisticRegression(
  samples: readonly Sample[],
  dimensions: number,
  options: FitOptions = {},
  initial?: readonly number[],
): number[] {
  const l2 = options.l2 ?? 1e-2;
  const weights = initial ? [...initial] : new Array<number>(dimensions).fill(0);
  for (let iteration = 0; iteration < (options.maxIterations ?? 25); iteration++) {
    const gradient = new Array<number>(dimensions).fill(0);
    const hessian = Array.from({ length: dimensions }, () => new Array<number>(dimensions).fill(0));
    for (const sample of samples) {
      const p = predict(weights, sample.features);
      const w = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < dimensions; i++) {
        const xi = sample.features[i] ?? 0;
        gradient[i]! += (p - sample.label) * xi;
        for (let j = 0; j <= i; j++) hessian[i]![j]! += w * xi * (sample.features[j] ?? 0);
      }
    }
    for (let i = 0; i < dimensions; i++) {
      for (let j = 0; j < i; j++) hessian[j]![i] = hessian[i]![j]!;
      const penalty = i === 0 ? 1e-6 : l2;
      gradient[i]! += penalty * weights[i]!;
      hessian[i]![i]! += penalty;
    }
    const step = solve(hessian, gradient);
    // Backtracking: from weights far from the optimum (confident and wrong) the full Newton step
    // overshoots; halve it until the penalised loss goes down.
    const before = penalisedLoss(weights, samples, l2);
    let scale = 1;
    let next = weights.map((w, i) => w - step[i]!);
    while (scale > 1e-6 && !(penalisedLoss(next, samples, l2) <= before)) {
      scale /= 2;
      next = weights.map((w, i) => w - scale * step[i]!);
    }
    let largest = 0;
    for (let i = 0; i < dimensions; i++) {
      largest = Math.max(largest, Math.abs(next[i]! - weights[i]!));
      weights[i] = next[i]!;
    }
    if (largest < (options.tolerance ?? 1e-6)) break;
  }
  return weights;
}

/** What the fit minimises: the summed log loss plus the L2 penalty (the bias unpenalised). */
function penalisedLoss(weights: readonly number[], samples: readonly Sample[], l2: number): number {
  let penalty = 0;
  for (let i = 1; i < weights.length; i++) penalty += weights[i]! * weights[i]!;
  return logLoss(weights, samples) * samples.length + (l2 / 2) * penalty;
}

/** The mean log loss of the weights on the samples (lower is better). */
export function logLoss(weights: readonly number[], samples: readonly Sample[]): number {
  if (samples.length === 0) return Number.NaN;
  let sum = 0;
  for (const sample of samples) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, predict(weights, sample.features)));
    sum -= sample.label === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return sum / samples.length;
}

/** The area under the ROC curve: how often a positive outranks a negative (ties count half). */
export function areaUnderCurve(weights: readonly number[], samples: readonly Sample[]): number {
  const scored = samples.map((s) => ({ p: predict(weights, s.features), label: s.label }));
  scored.sort((a, b) => a.p - b.p);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < scored.length;) {
    let j = i;
    while (j < scored.length && scored[j]!.p === scored[i]!.p) j++;
    const averageRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) {
      if (scored[k]!.label === 1) {
        rankSum += averageRank;
        positives++;
      }
    }
    i = j;
  }
  const negatives = scored.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
