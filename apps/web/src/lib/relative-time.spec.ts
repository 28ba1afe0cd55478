import { formatFullTime, formatRelativeTime } from './relative-time';

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-04T14:00:00Z');
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it.each([
    [10 * 1000, 'less than a minute ago'],
    [5 * 60 * 1000, '5 minutes ago'],
    [2 * 60 * 60 * 1000, 'about 2 hours ago'],
    [26 * 60 * 60 * 1000, '1 day ago'],
    [45 * 24 * 60 * 60 * 1000, 'about 2 months ago'],
  ])('%i ms ago reads %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms))).toBe(expected);
  });

  it('takes dates and timestamps too', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 60 * 60 * 1000))).toBe(
      'about 3 hours ago',
    );
    expect(formatRelativeTime(now.getTime() - 60 * 1000)).toBe('1 minute ago');
  });

  it('reads a time ahead of the clock as now, never the future', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 30 * 1000))).toBe('less than a minute ago');
  });

  it('answers empty text for an unreadable date', () => {
    expect(formatRelativeTime('not a date')).toBe('');
    expect(formatFullTime('not a date')).toBe('');
  });

  it('formats the exact time for tooltips', () => {
    expect(formatFullTime(new Date(2026, 2, 4, 14, 5))).toBe('2:05 PM · Mar 4, 2026');
  });
});
