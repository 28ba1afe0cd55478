import { formatCount } from './format-count';

describe(formatCount.name, () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1K'],
    [1200, '1.2K'],
    [1250, '1.2K'],
    [10_500, '10.5K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_500_000, '1.5M'],
    [25_340_000, '25.3M'],
  ])('formats %d as %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });

  it('cuts rather than rounds, so a count never reads more than it is', () => {
    expect(formatCount(1999)).toBe('1.9K');
    expect(formatCount(1_999_999)).toBe('1.9M');
  });

  it('keeps the sign of a negative count and reads nonsense as 0', () => {
    expect(formatCount(-1500)).toBe('-1.5K');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});
