import {
  addDays,
  dayOfPartition,
  daysBetween,
  partitionNameOf,
  planPartitions,
  utcDayOf,
} from './day-partitions.util';

describe(planPartitions.name, () => {
  it('creates the missing days of the window and drops the days before it', () => {
    const existing = ['raw_events_20261120', 'raw_events_20261122', 'raw_events_20261123'];
    expect(
      planPartitions('raw_events', existing, { first: '2026-11-22', last: '2026-11-25' }),
    ).toEqual({
      create: ['2026-11-24', '2026-11-25'],
      drop: ['raw_events_20261120'],
    });
  });

  it('leaves alone tables that are not day partitions of the table', () => {
    expect(
      planPartitions('raw_events', ['raw_events_old', 'post_viewers_20200101'], {
        first: '2026-01-01',
        last: '2026-01-01',
      }),
    ).toEqual({ create: ['2026-01-01'], drop: [] });
  });
});

describe('day arithmetic', () => {
  it('counts UTC days across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(utcDayOf(new Date('2026-11-25T23:59:59.999+00:00'))).toBe('2026-11-25');
  });

  it('names partitions by their day and reads the day back', () => {
    expect(partitionNameOf('post_viewers', '2026-11-25')).toBe('post_viewers_20261125');
    expect(dayOfPartition('post_viewers', 'post_viewers_20261125')).toBe('2026-11-25');
    expect(dayOfPartition('post_viewers', 'post_viewers_20261132')).toBeNull();
  });
});
