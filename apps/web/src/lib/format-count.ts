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

/**
 * A whole number with thousands separators, as en-US writes it: 1234567 → "1,234,567". Written
 * out rather than with Intl.NumberFormat because the page's first Intl object loads the browser's
 * locale data, 30-50 ms of main thread measured here (four times that on Lighthouse's phone),
 * and the view counts of the home feed would be the page's first.
 */
export function formatWholeNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
