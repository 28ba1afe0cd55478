import type { SeoKeywordStatus } from '@wave/contracts';

/**
 * The limits and bands of the SEO tools, as `libs/contracts` (seo.contract.ts) states them.
 * Mirrored here because a runtime import of the contracts would bundle zod and every schema
 * into the client; seo-limits.spec.ts fails if they drift.
 */

export const SEO_TITLE_MAX_LENGTH = 300;
export const SEO_DESCRIPTION_MAX_LENGTH = 1_000;
export const SEO_CONTENT_MAX_LENGTH = 100_000;
export const SEO_MAX_KEYWORDS = 20;
export const SEO_KEYWORD_MAX_LENGTH = 100;

/** Score bands (spec part 2, section 4): 80 or more is good, 60 to 79 middling, below 60 poor. */
export const SEO_SCORE_GOOD = 80;
export const SEO_SCORE_FAIR = 60;
/** The progress bars' maximum (scores and readability are 0-100). */
export const SEO_SCORE_MAX = 100;

export const SEO_KEYWORD_STATUSES = [
  'missing',
  'low',
  'good',
  'high',
] as const satisfies readonly SeoKeywordStatus[];

/** Issues shown per page in the analysis list before '+N more issues' (spec part 2, section 9). */
export const ISSUES_SHOWN = 3;

export type ScoreBand = 'good' | 'fair' | 'poor';

export function scoreBand(score: number): ScoreBand {
  if (score >= SEO_SCORE_GOOD) return 'good';
  if (score >= SEO_SCORE_FAIR) return 'fair';
  return 'poor';
}

export const SCORE_BAND_LABEL: Record<ScoreBand, string> = {
  good: 'Good',
  fair: 'Needs work',
  poor: 'Poor',
};

/** A score as shown: a whole number within 0-100. */
export const displayScore = (score: number): number =>
  Number.isFinite(score) ? Math.min(SEO_SCORE_MAX, Math.max(0, Math.round(score))) : 0;

/** Target keywords typed comma-separated: trimmed, blanks dropped, each once (any case). */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const raw of text.split(',')) {
    const keyword = raw.trim().replace(/\s+/g, ' ');
    const key = keyword.toLowerCase();
    if (keyword.length === 0 || seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  return keywords;
}

/** The text has something to read (not only white space). */
export const isBlank = (text: string): boolean => text.trim().length === 0;

/** A text's length in code points, as the server counts. */
export const textLength = (value: string): number => [...value].length;
