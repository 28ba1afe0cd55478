import { format, formatDistanceToNow } from 'date-fns';

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A post's time as a relative date with a suffix, such as 'about 2 hours ago'
 * (spec part 1, section 9). A time slightly ahead of this device's clock reads
 * as now ('less than a minute ago'), never as the future. '' when unreadable.
 */
export function formatRelativeTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  const now = Date.now();
  return formatDistanceToNow(date.getTime() > now ? now : date, { addSuffix: true });
}

/** The exact time, for a tooltip: '2:05 PM · Mar 4, 2026'. '' when unreadable. */
export function formatFullTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? format(date, 'h:mm a · MMM d, yyyy') : '';
}
