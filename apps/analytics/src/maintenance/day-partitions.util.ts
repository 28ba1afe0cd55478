/** Day partitions of the partitioned tables: one per UTC day, named `<table>_YYYYMMDD`. */

const DAY_MS = 24 * 3600 * 1000;

/** The UTC day of an instant, as `YYYY-MM-DD`. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `days` after (or before) a `YYYY-MM-DD` day. */
export const addDays = (day: string, days: number): string =>
  utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export const partitionNameOf = (table: string, day: string): string =>
  `${table}_${day.replace(/-/g, '')}`;

/** The day a partition holds, or null for a name that is not a day partition of `table`. */
export function dayOfPartition(table: string, name: string): string | null {
  const match = new RegExp(`^${table}_(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && utcDayOf(at) === day ? day : null;
}

/** Which days a table keeps: from `first` to `last`, today included. */
export interface PartitionWindow {
  first: string;
  last: string;
}

/** What to create and what to drop so that exactly the window's days have partitions (older ones go). */
export function planPartitions(
  table: string,
  existing: readonly string[],
  window: PartitionWindow,
): { create: string[]; drop: string[] } {
  const have = new Set(existing.map((name) => dayOfPartition(table, name)));
  return {
    create: daysBetween(window.first, window.last).filter((day) => !have.has(day)),
    drop: existing.filter((name) => {
      const day = dayOfPartition(table, name);
      return day !== null && day < window.first;
    }),
  };
}
