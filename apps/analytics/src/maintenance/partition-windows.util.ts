import type { AnalyticsConfig } from '../config/analytics.config';
import type { PartitionWindow } from './day-partitions.util';
import { addDays, utcDayOf } from './day-partitions.util';

const DAY_MS = 24 * 3600 * 1000;

/** Who saw which post is kept for today and yesterday (a batch written after midnight still dedupes). */
export const VIEWER_DAYS = 2;

type Policy = Pick<AnalyticsConfig, 'RAW_EVENTS_RETENTION_DAYS' | 'PARTITIONS_AHEAD_DAYS'>;

/** The days each partitioned table keeps on `now`'s UTC day. */
export function partitionWindows(
  config: Policy,
  now: Date,
): { raw_events: PartitionWindow; post_viewers: PartitionWindow } {
  const today = utcDayOf(now);
  const last = addDays(today, config.PARTITIONS_AHEAD_DAYS);
  return {
    raw_events: { first: addDays(today, -config.RAW_EVENTS_RETENTION_DAYS), last },
    post_viewers: { first: addDays(today, -(VIEWER_DAYS - 1)), last },
  };
}

/**
 * The instants whose raw-event partitions surely exist: the window less its first
 * and last day (the job may run an hour after midnight moved the window).
 */
export function rawEventsWindow(config: Policy, now: Date): { from: Date; to: Date } {
  const window = partitionWindows(config, now).raw_events;
  return {
    from: new Date(Date.parse(`${window.first}T00:00:00Z`) + DAY_MS),
    to: new Date(Date.parse(`${window.last}T00:00:00Z`)),
  };
}
