const THOUSAND = 1_000;
const MILLION = 1_000_000;

/** One decimal, cut (never rounded up, so 999,999 stays 999.9K), without a trailing ".0". */
const oneDecimal = (value: number, unit: number): string =>
  String(Math.floor(value / (unit / 10)) / 10);

/**
 * A count as people read it (spec part 2, section 9): as is below 1,000, with
 * K from 1,000 and M from 1,000,000, one decimal: 999 → "999", 1200 → "1.2K",
 * 1500000 → "1.5M".
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return '0';
  const sign = count < 0 ? '-' : '';
  const value = Math.trunc(Math.abs(count));
  if (value >= MILLION) return `${sign}${oneDecimal(value, MILLION)}M`;
  if (value >= THOUSAND) return `${sign}${oneDecimal(value, THOUSAND)}K`;
  return `${sign}${value}`;
}
