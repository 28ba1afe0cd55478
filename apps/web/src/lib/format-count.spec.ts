import { formatCount, formatWholeNumber } from './format-count';

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

describe('formatWholeNumber', () => {
  it('writes thousands separators as en-US does', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [
      0,
      1,
      12,
      999,
      1_000,
      1_234,
      99_999,
      100_000,
      1_234_567,
      2 ** 31,
      -4_321,
    ]) {
      expect(formatWholeNumber(value)).toBe(intl.format(value));
    }
  });

  it('drops fractions and reads what is not a number as 0', () => {
    expect(formatWholeNumber(1234.9)).toBe('1,234');
    expect(formatWholeNumber(Number.NaN)).toBe('0');
    expect(formatWholeNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });
});
