/** FNV-1a: a label as a 32-bit seed. */
function seedOf(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32: numbers in [0, 1) from a 32-bit seed, the same on every machine and every run
 * (tests, benchmarks and the demo data draw from it). Not for secrets.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seeded pseudo-random stream (mulberry32, 32 bits of state): the same label
 * gives the same numbers on every machine and every run. Not for secrets.
 * Each part of the dataset draws from its own `fork`, so adding a draw to one
 * part never shifts what another part gets.
 */
export class DemoRandom {
  private readonly draw: () => number;

  constructor(private readonly label: string) {
    this.draw = seededRandom(seedOf(label));
  }

  /** A number in [0, 1). */
  next(): number {
    return this.draw();
  }

  /** An independent stream for a part of the dataset. */
  fork(part: string): DemoRandom {
    return new DemoRandom(`${this.label}/${part}`);
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An item with probability proportional to its weight (weights ≥ 0, not all 0). */
  weighted<T>(items: readonly T[], weightOf: (item: T, index: number) => number): T {
    const weights = items.map(weightOf);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (!(total > 0)) throw new RangeError('weighted pick with no weight');
    let point = this.next() * total;
    for (const [index, weight] of weights.entries()) {
      point -= weight;
      if (point < 0) return items[index] as T;
    }
    return items[items.length - 1] as T;
  }

  /** An item of a table built once, for many picks from the same weights. */
  fromTable<T>(table: WeightedTable<T>): T {
    return table.at(this.next());
  }

  /** A Pareto-distributed number ≥ 1 (shape `alpha`): most are small, a few are large. */
  pareto(alpha: number): number {
    return (1 - this.next()) ** (-1 / alpha);
  }

  /** An exponentially distributed number with this mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const taken: T[] = [];
    while (taken.length < count && copy.length > 0) {
      const index = Math.floor(this.next() * copy.length);
      taken.push(copy.splice(index, 1)[0] as T);
    }
    return taken;
  }

  /** 32 lowercase hex digits. */
  hex32(): string {
    let text = '';
    for (let index = 0; index < 4; index += 1) {
      text += Math.floor(this.next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0');
    }
    return text;
  }
}

/** Items with fixed weights, for many weighted picks (a binary search each). */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weightOf: (item: T, index: number) => number,
  ) {
    let sum = 0;
    for (const [index, item] of items.entries()) {
      sum += Math.max(0, weightOf(item, index));
      this.cumulative.push(sum);
    }
    if (!(sum > 0)) throw new RangeError('weighted table with no weight');
    this.total = sum;
  }

  /** The item at `fraction` (in [0, 1)) of the total weight. */
  at(fraction: number): T {
    const point = fraction * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cumulative[middle] ?? 0) > point) high = middle;
      else low = middle + 1;
    }
    return this.items[low] as T;
  }
}
