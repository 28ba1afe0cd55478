import { SEO_CONTENT_MAX_LENGTH } from '@wave/contracts';
import type { ContentText } from './content/read-content.util';
import { readContent } from './content/read-content.util';
import { OPENING_WORDS } from './seo-checks.constant';
import { termOf } from './text/terms.util';
import { words } from './text/words.util';

/** A page's content as the checks see it. */
export interface PageMeasures {
  content: ContentText;
  /** Words of all the text: headings, running text and code. */
  wordCount: number;
  /** The words of the headings and running text, in order, as terms (see `termOf`). */
  terms: string[];
  /** The terms of each heading. */
  headingTerms: string[][];
  /** The terms of the first paragraph. */
  firstParagraphTerms: string[];
  /** The terms of the first 100 words of running text. */
  firstWordsTerms: string[];
}

/** The text as far as its first `max` code points (the contracts count lengths in code points). */
export function firstCodePoints(value: string, max: number): string {
  if (value.length <= max) return value; // a code point is one or two UTF-16 units
  let units = 0;
  let count = 0;
  for (const character of value) {
    if (count === max) break;
    units += character.length;
    count += 1;
  }
  return value.slice(0, units);
}

/** Reads and measures a page's content (at most the contract's 100,000 characters are read). */
export function measurePage(rawContent: string): PageMeasures {
  const content = readContent(firstCodePoints(rawContent, SEO_CONTENT_MAX_LENGTH));
  let wordCount = 0;
  const terms: string[] = [];
  const headingTerms: string[][] = [];
  let firstParagraphTerms: string[] | null = null;
  const firstWordsTerms: string[] = [];
  for (const block of content.blocks) {
    const blockWords = words(block.text);
    wordCount += blockWords.length;
    if (block.kind === 'code') continue;
    const blockTerms = blockWords.map(termOf);
    terms.push(...blockTerms);
    if (block.kind === 'heading') {
      headingTerms.push(blockTerms);
      continue;
    }
    if (blockTerms.length === 0) continue;
    firstParagraphTerms ??= blockTerms;
    if (firstWordsTerms.length < OPENING_WORDS) {
      firstWordsTerms.push(...blockTerms.slice(0, OPENING_WORDS - firstWordsTerms.length));
    }
  }
  return {
    content,
    wordCount,
    terms,
    headingTerms,
    firstParagraphTerms: firstParagraphTerms ?? [],
    firstWordsTerms,
  };
}

/** How many times the phrase (terms) appears in the terms, without overlaps. */
export function occurrences(terms: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return 0;
  let count = 0;
  for (let start = 0; start + phrase.length <= terms.length; start += 1) {
    if (phrase.every((term, offset) => terms[start + offset] === term)) {
      count += 1;
      start += phrase.length - 1;
    }
  }
  return count;
}

/** Whether the phrase appears in the first paragraph or the first 100 words. */
export function inOpening(page: PageMeasures, phrase: readonly string[]): boolean {
  return (
    occurrences(page.firstParagraphTerms, phrase) > 0 ||
    occurrences(page.firstWordsTerms, phrase) > 0
  );
}

/** Whether the phrase appears in a heading. */
export function inHeading(page: PageMeasures, phrase: readonly string[]): boolean {
  return page.headingTerms.some((heading) => occurrences(heading, phrase) > 0);
}

/** A share of the words in percent, two decimals; 0 without words. */
export function densityOf(count: number, wordCount: number): number {
  return wordCount === 0 ? 0 : Math.round((count / wordCount) * 10_000) / 100;
}
