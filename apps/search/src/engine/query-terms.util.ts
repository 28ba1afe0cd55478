import type { SearchDateRange } from '@wave/contracts';

/** At most this many words of a query are matched (the rest are ignored). */
export const MAX_TERMS = 8;
/** Words shorter than this are matched as written: one typo in a short word is another word. */
export const TYPO_MIN_LENGTH = 4;

/** The words of a query, lower case, as the 'simple' text search configuration splits them. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** A word being typed shorter than this is matched as written, not as a prefix. */
export const PREFIX_MIN_LENGTH = 2;

/**
 * A to_tsquery text: every term (or one of its alternatives: typo neighbours,
 * and for the last term, the word being typed, its completions) must match.
 * `completions` null matches the last term as a prefix in the index instead.
 * Terms hold only letters and digits, so quoting them is enough.
 */
export function toTsQuery(
  terms: string[],
  neighbours: Map<string, string[]>,
  completions: string[] | null,
): string {
  return terms
    .map((term, index) => {
      const last = index === terms.length - 1;
      const words = [
        ...new Set([term, ...(last ? (completions ?? []) : []), ...(neighbours.get(term) ?? [])]),
      ];
      const options = words.map(
        (word, position) => `'${word}'${last && position === 0 && !completions ? ':*' : ''}`,
      );
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
}

/** A handle or tag as typed, without its sigil, lower case; null when nothing is left. */
export function bareToken(query: string, sigil: '@' | '#'): string | null {
  const token = query
    .trim()
    .replace(new RegExp(`^\\${sigil}+`), '')
    .toLowerCase();
  return /^[\p{L}\p{N}_]{1,100}$/u.test(token) ? token : null;
}

/** The tag of a query that is one hashtag and nothing else ('#Bread' → 'bread'), else null. */
export function soleHashtag(query: string): string | null {
  const match = /^#([\p{L}\p{N}_]{1,100})$/u.exec(query.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The start of a date range, or null for all time. */
export function rangeStart(range: SearchDateRange, now: Date): Date | null {
  const day = 24 * 3600 * 1000;
  switch (range) {
    case 'all':
      return null;
    case 'today':
      return new Date(now.getTime() - day);
    case 'week':
      return new Date(now.getTime() - 7 * day);
    case 'month':
      return new Date(now.getTime() - 30 * day);
  }
}

/** A LIKE pattern matching text that starts with `prefix`, its wildcards taken literally. */
export const startsWith = (prefix: string): string =>
  `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
