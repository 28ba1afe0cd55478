import type { DemoRandom } from './random';
import { WeightedTable } from './random';

/** Posts, interactions, community posts and views all fall in the last this many days. */
export const DEMO_DAYS = 30;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Times in the window: busier lately, quieter at weekends and at night (UTC). */
export class DemoClock {
  /** The relative activity of each UTC hour. */
  private static readonly HOURS = [
    0.5, 0.4, 0.3, 0.3, 0.3, 0.4, 0.6, 0.9, 1.2, 1.4, 1.5, 1.5, 1.6, 1.5, 1.5, 1.5, 1.6, 1.7, 1.8,
    1.9, 1.8, 1.5, 1.1, 0.8,
  ];
  private static readonly HOUR_TABLE = new WeightedTable(
    Array.from({ length: 24 }, (_, hour) => hour),
    (hour) => DemoClock.HOURS[hour] ?? 1,
  );
  readonly windowStart: Date;
  private readonly dayStart: number;
  /** Days ago, weighted: busier lately, quieter at weekends. */
  private readonly days: WeightedTable<number>;

  constructor(
    readonly now: Date,
    private readonly random: DemoRandom,
  ) {
    this.windowStart = new Date(now.getTime() - DEMO_DAYS * DAY_MS);
    this.dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    this.days = new WeightedTable(
      Array.from({ length: DEMO_DAYS }, (_, ago) => ago),
      (ago) => {
        const weekday = new Date(this.dayStart - ago * DAY_MS).getUTCDay();
        return (1 + (DEMO_DAYS - ago) / DEMO_DAYS) * (weekday === 0 || weekday === 6 ? 0.75 : 1);
      },
    );
  }

  /** A moment in the window, not before `notBefore`. */
  inWindow(notBefore: Date = this.windowStart): Date {
    const daysAgo = this.random.fromTable(this.days);
    const hour = this.random.fromTable(DemoClock.HOUR_TABLE);
    let at = this.dayStart - daysAgo * DAY_MS + hour * HOUR_MS + this.random.next() * HOUR_MS;
    // Later today than now: as far before now instead.
    if (at > this.now.getTime()) at = 2 * this.now.getTime() - at;
    return this.notBefore(new Date(at), notBefore);
  }

  /** A moment between `from` and now. */
  between(from: Date, to: Date = this.now): Date {
    return new Date(
      from.getTime() + this.random.next() * Math.max(0, to.getTime() - from.getTime()),
    );
  }

  /** `mean` hours (on average, exponentially) after `after`, and never after now. */
  after(after: Date, meanHours: number): Date {
    const at = after.getTime() + Math.max(MINUTE_MS, this.random.exponential(meanHours * HOUR_MS));
    return at < this.now.getTime() ? new Date(at) : this.between(after);
  }

  /** `daysAgo` days (± half a day) before now. */
  daysAgo(days: number): Date {
    return new Date(this.now.getTime() - (days + this.random.next() - 0.5) * DAY_MS);
  }

  private notBefore(at: Date, notBefore: Date): Date {
    return at >= notBefore ? at : this.between(notBefore);
  }
}
