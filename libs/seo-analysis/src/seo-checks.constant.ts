/**
 * The weighted checks behind `seoScore`. They add up to 100; a check that does not apply to a
 * page (headings in a short text, alt texts without images, the main term of a text whose words
 * all appear once) is left out and the score is the share of the points of the checks that apply.
 */
export const SEO_CHECK_WEIGHTS = {
  title: 15,
  description: 15,
  wordCount: 15,
  readability: 15,
  mainTermInTitle: 5,
  mainTermInDescription: 5,
  mainTermInOpening: 5,
  headings: 10,
  imageAlts: 10,
  links: 5,
} as const satisfies Record<string, number>;
export type SeoCheck = keyof typeof SEO_CHECK_WEIGHTS;

/** A range of lengths, both ends included. */
export interface LengthRange {
  min: number;
  max: number;
}

/** Title length in characters: search results show about 60; full points from 50 to 60, two thirds from 40 to 70. */
export const TITLE_LENGTH_BEST: LengthRange = { min: 50, max: 60 };
export const TITLE_LENGTH_FAIR: LengthRange = { min: 40, max: 70 };

/** Description length in characters: search results show about 160; full points from 120 to 160, two thirds from 80 to 200. */
export const DESCRIPTION_LENGTH_BEST: LengthRange = { min: 120, max: 160 };
export const DESCRIPTION_LENGTH_FAIR: LengthRange = { min: 80, max: 200 };

/**
 * Words of text: 300 or more for full points (an article), two thirds from 100, one third below
 * (a post or a short bio: a thin page, but a page). From 300 words on a text needs headings.
 */
export const WORD_COUNT_FULL = 300;
export const WORD_COUNT_FAIR = 100;

/** Flesch reading ease: 60 or more (plain English) for full points, two thirds from 50, one third from 30. */
export const READING_EASE_GOOD = 60;
export const READING_EASE_FAIR = 50;
export const READING_EASE_POOR = 30;

/** How many main terms the analysis lists, and how often the first must appear to count as the page's topic. */
export const MAIN_TERMS_LISTED = 10;
export const MAIN_TERM_MIN_COUNT = 2;

/** The opening of a text: its first paragraph, and its first 100 words. */
export const OPENING_WORDS = 100;

/**
 * Keyword density, in percent of the words: below 0.5 is too rare, above 2.5 too often (when the
 * keyword appears three times or more: in a short post, twice is never stuffing).
 */
export const KEYWORD_DENSITY_LOW = 0.5;
export const KEYWORD_DENSITY_HIGH = 2.5;
export const KEYWORD_HIGH_MIN_COUNT = 3;
