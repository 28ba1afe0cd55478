import type { SeoKeywordReport, SeoKeywordStatus, SeoOptimizeResult } from '@wave/contracts';
import type { PageMeasures } from './page-measures.util';
import { densityOf, inHeading, inOpening, measurePage, occurrences } from './page-measures.util';
import {
  KEYWORD_DENSITY_HIGH,
  KEYWORD_DENSITY_LOW,
  KEYWORD_HIGH_MIN_COUNT,
  WORD_COUNT_FULL,
} from './seo-checks.constant';
import { termOf } from './text/terms.util';
import { words } from './text/words.util';

export interface KeywordOptimizationInput {
  /** Plain text, Markdown or HTML. */
  content: string;
  keywords: readonly string[];
}

const WHITE_SPACE = /\s+/g;

const times = (count: number): string =>
  count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;

const percent = (density: number): string => `${density.toFixed(1)} %`;

function statusOf(count: number, density: number): SeoKeywordStatus {
  if (count === 0) return 'missing';
  if (density < KEYWORD_DENSITY_LOW) return 'low';
  if (density > KEYWORD_DENSITY_HIGH && count >= KEYWORD_HIGH_MIN_COUNT) return 'high';
  return 'good';
}

/** What to do about one keyword, in a fixed order: how often, then where. */
function suggestionsFor(
  report: SeoKeywordReport,
  page: PageMeasures,
  expectsHeadings: boolean,
): string[] {
  const { keyword, count, density } = report;
  switch (report.status) {
    case 'missing':
      return [`Use '${keyword}' at least once; it does not appear.`];
    case 'low': {
      const needed = Math.max(1, Math.ceil((page.wordCount * KEYWORD_DENSITY_LOW) / 100) - count);
      const more = needed === 1 ? '1 more time' : `${needed} more times`;
      return [
        `'${keyword}' appears ${times(count)} (${percent(density)}): use it about ${more}, to reach ${KEYWORD_DENSITY_LOW} % of the words.`,
        ...placementSuggestions(report, expectsHeadings),
      ];
    }
    case 'high':
      return [
        `'${keyword}' appears ${times(count)} (${percent(density)}): use it less so the text reads naturally (at most ${KEYWORD_DENSITY_HIGH} %).`,
        ...placementSuggestions(report, expectsHeadings),
      ];
    case 'good':
      return placementSuggestions(report, expectsHeadings);
  }
}

function placementSuggestions(report: SeoKeywordReport, expectsHeadings: boolean): string[] {
  const suggestions: string[] = [];
  if (!report.inOpening) suggestions.push(`Add '${report.keyword}' to the first paragraph.`);
  if (!report.inHeading && expectsHeadings) {
    suggestions.push(`Use '${report.keyword}' in a heading.`);
  }
  return suggestions;
}

/**
 * Where and how often each keyword appears in the content (case-insensitive, whole words, a
 * phrase as a whole; the same keyword twice is reported once), with its density in percent of
 * the words, its status (`missing`; `low` under 0.5 %; `good`; `high` over 2.5 % from three
 * uses) and suggestions for its placement and density, keyword by keyword.
 */
export function optimizeForKeywords(input: KeywordOptimizationInput): SeoOptimizeResult {
  const page = measurePage(input.content);
  // Headings are worth suggesting where the text has some, or is long enough to need them.
  const expectsHeadings = page.headingTerms.length > 0 || page.wordCount >= WORD_COUNT_FULL;
  const seen = new Set<string>();
  const keywords: SeoKeywordReport[] = [];
  const suggestions: string[] = [];
  for (const raw of input.keywords) {
    const keyword = raw.replace(WHITE_SPACE, ' ').trim();
    const phrase = words(keyword).map(termOf);
    const key = phrase.length > 0 ? phrase.join(' ') : keyword.toLowerCase();
    if (keyword === '' || seen.has(key)) continue;
    seen.add(key);
    const count = occurrences(page.terms, phrase);
    const density = densityOf(count, page.wordCount);
    const report: SeoKeywordReport = {
      keyword,
      count,
      density,
      inOpening: count > 0 && inOpening(page, phrase),
      inHeading: count > 0 && inHeading(page, phrase),
      status: statusOf(count, density),
    };
    keywords.push(report);
    suggestions.push(...suggestionsFor(report, page, expectsHeadings));
  }
  return { keywords, suggestions: [...new Set(suggestions)] };
}
