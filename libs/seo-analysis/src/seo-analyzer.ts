import type { SeoAnalysisResult, SeoKeywordDensity } from '@wave/contracts';
import { codePointLength, SEO_DESCRIPTION_MAX_LENGTH, SEO_TITLE_MAX_LENGTH } from '@wave/contracts';
import type { PageMeasures } from './page-measures.util';
import { densityOf, firstCodePoints, inOpening, measurePage } from './page-measures.util';
import type { LengthRange, SeoCheck } from './seo-checks.constant';
import {
  DESCRIPTION_LENGTH_BEST,
  DESCRIPTION_LENGTH_FAIR,
  MAIN_TERM_MIN_COUNT,
  MAIN_TERMS_LISTED,
  READING_EASE_FAIR,
  READING_EASE_GOOD,
  READING_EASE_POOR,
  SEO_CHECK_WEIGHTS,
  TITLE_LENGTH_BEST,
  TITLE_LENGTH_FAIR,
  WORD_COUNT_FAIR,
  WORD_COUNT_FULL,
} from './seo-checks.constant';
import { readingEaseScore, textCounts } from './text/readability.util';
import { termOf, topicTerms } from './text/terms.util';
import { words } from './text/words.util';

export interface SeoAnalysisInput {
  title: string;
  /** Plain text, Markdown or HTML. */
  content: string;
  description?: string;
}

/** The outcome of one check that applies to the page: a share of its points, and what is wrong. */
interface CheckOutcome {
  check: SeoCheck;
  /** 0 to 1. */
  share: number;
  issue?: string;
  recommendation?: string;
}

const WHITE_SPACE = /\s+/g;

const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;

/** A title or description as it shows: one line, trimmed, within the contract's bound. */
const line = (value: string, max: number): string =>
  firstCodePoints(value, max).replace(WHITE_SPACE, ' ').trim();

function lengthCheck(
  check: 'title' | 'description',
  length: number,
  best: LengthRange,
  fair: LengthRange,
): CheckOutcome {
  const name = check === 'title' ? 'title' : 'description';
  const bestRange = `${best.min}–${best.max}`;
  if (length === 0) {
    return check === 'title'
      ? {
          check,
          share: 0,
          issue: 'The page has no title.',
          recommendation: `Write a title of ${bestRange} characters that says what the page is about.`,
        }
      : {
          check,
          share: 0,
          issue: 'The page has no description.',
          recommendation: `Write a description of ${bestRange} characters that sums up the page.`,
        };
  }
  if (length >= best.min && length <= best.max) return { check, share: 1 };
  const share = length >= fair.min && length <= fair.max ? 2 / 3 : 1 / 3;
  const size = plural(length, 'character', 'characters');
  if (length < best.min) {
    return {
      check,
      share,
      issue: `The ${name} is ${size} long; ${name}s of ${bestRange} characters work best.`,
      recommendation: `Lengthen the ${name} to ${bestRange} characters.`,
    };
  }
  return {
    check,
    share,
    issue: `The ${name} is ${size} long; search results cut ${name}s after about ${best.max} characters.`,
    recommendation: `Shorten the ${name} to ${bestRange} characters, with the most important words first.`,
  };
}

function wordCountCheck(wordCount: number): CheckOutcome {
  if (wordCount >= WORD_COUNT_FULL) return { check: 'wordCount', share: 1 };
  if (wordCount === 0) {
    return {
      check: 'wordCount',
      share: 0,
      issue: 'The page has no text.',
      recommendation: 'Add text that tells readers and search engines what the page is about.',
    };
  }
  return {
    check: 'wordCount',
    share: wordCount >= WORD_COUNT_FAIR ? 2 / 3 : 1 / 3,
    issue: `The text has only ${plural(wordCount, 'word', 'words')}; pages with ${WORD_COUNT_FULL} words or more give search engines more to go on.`,
    recommendation: `Add useful text: aim for ${WORD_COUNT_FULL} words or more where the page allows it.`,
  };
}

function readabilityCheck(
  wordCount: number,
  measuredWords: number,
  readingEase: number,
): CheckOutcome | null {
  if (measuredWords === 0) {
    // A page without text has that issue already, and earns nothing here; code alone is not read.
    return wordCount === 0 ? { check: 'readability', share: 0 } : null;
  }
  if (readingEase >= READING_EASE_GOOD) return { check: 'readability', share: 1 };
  const share =
    readingEase >= READING_EASE_FAIR ? 2 / 3 : readingEase >= READING_EASE_POOR ? 1 / 3 : 0;
  const how = readingEase >= READING_EASE_FAIR ? 'fairly hard' : 'hard';
  return {
    check: 'readability',
    share,
    issue: `The text is ${how} to read (Flesch reading ease ${readingEase}; ${READING_EASE_GOOD} or more is plain English).`,
    recommendation: 'Use shorter sentences and shorter words.',
  };
}

function headingsCheck(wordCount: number, headingCount: number): CheckOutcome | null {
  if (wordCount < WORD_COUNT_FULL) return null; // a post or a bio needs no headings
  if (headingCount > 0) return { check: 'headings', share: 1 };
  return {
    check: 'headings',
    share: 0,
    issue: `The text has ${plural(wordCount, 'word', 'words')} but no headings.`,
    recommendation: 'Break the text up with headings (<h2> in HTML, ## in Markdown).',
  };
}

function imageAltsCheck(imageAlts: readonly (string | null)[]): CheckOutcome | null {
  if (imageAlts.length === 0) return null;
  const missing = imageAlts.filter((alt) => alt === null).length;
  if (missing === 0) return { check: 'imageAlts', share: 1 };
  return {
    check: 'imageAlts',
    share: 1 - missing / imageAlts.length,
    issue: `${missing} of ${plural(imageAlts.length, 'image', 'images')} ${missing === 1 ? 'has' : 'have'} no alt text.`,
    recommendation: 'Give every image an alt text that describes it.',
  };
}

function linksCheck(linkCount: number): CheckOutcome {
  if (linkCount > 0) return { check: 'links', share: 1 };
  return {
    check: 'links',
    share: 0,
    issue: 'The text has no links.',
    recommendation: 'Link to related pages, so that readers and crawlers find more.',
  };
}

/** Where the page's main term appears: in the title, the description and the opening. */
function mainTermChecks(
  mainTerm: string | undefined,
  page: PageMeasures,
  title: string,
  description: string,
): CheckOutcome[] {
  if (mainTerm === undefined) return [];
  const has = (text: string) => words(text).some((word) => termOf(word) === mainTerm);
  const outcomes: CheckOutcome[] = [];
  outcomes.push(
    has(title)
      ? { check: 'mainTermInTitle', share: 1 }
      : {
          check: 'mainTermInTitle',
          share: 0,
          issue: `The main term of the text, '${mainTerm}', is not in the title.`,
          recommendation: "Use the page's main term in the title.",
        },
  );
  if (has(description)) outcomes.push({ check: 'mainTermInDescription', share: 1 });
  else if (description === '') outcomes.push({ check: 'mainTermInDescription', share: 0 });
  else {
    outcomes.push({
      check: 'mainTermInDescription',
      share: 0,
      issue: `The main term of the text, '${mainTerm}', is not in the description.`,
      recommendation: "Use the page's main term in the description.",
    });
  }
  outcomes.push(
    inOpening(page, [mainTerm])
      ? { check: 'mainTermInOpening', share: 1 }
      : {
          check: 'mainTermInOpening',
          share: 0,
          issue: `The main term of the text, '${mainTerm}', is not in its first paragraph.`,
          recommendation: "Use the page's main term in the first paragraph.",
        },
  );
  return outcomes;
}

/**
 * Analyses a page for search engines: the lengths of its title and description, its words and
 * their Flesch reading ease (English), its headings, images and links, and its main terms; and
 * scores it 0–100 from weighted checks (`SEO_CHECK_WEIGHTS`), with its issues and what to do
 * about them, in the checks' order. Pure: nothing in the content is run or fetched.
 */
export function analyzeSeo(input: SeoAnalysisInput): SeoAnalysisResult {
  const title = line(input.title, SEO_TITLE_MAX_LENGTH);
  const description = line(input.description ?? '', SEO_DESCRIPTION_MAX_LENGTH);
  const page = measurePage(input.content);
  const { blocks, imageAlts, linkCount } = page.content;

  // Flesch measured running text only, not headings (nor code); headings when there is nothing else.
  const running = blocks.filter((block) => block.kind === 'text').map((block) => block.text);
  const headings = blocks.filter((block) => block.kind === 'heading').map((block) => block.text);
  const runningCounts = textCounts(running);
  const proseCounts = runningCounts.words > 0 ? runningCounts : textCounts(headings);
  const readingEase = readingEaseScore(proseCounts);

  const terms = topicTerms(page.terms);
  const keywordDensity: SeoKeywordDensity[] = terms
    .slice(0, MAIN_TERMS_LISTED)
    .map(({ term, count }) => ({ term, count, density: densityOf(count, page.wordCount) }));
  const top = terms[0];
  const mainTerm = top !== undefined && top.count >= MAIN_TERM_MIN_COUNT ? top.term : undefined;

  const titleLength = codePointLength(title);
  const descriptionLength = codePointLength(description);
  const outcomes = [
    lengthCheck('title', titleLength, TITLE_LENGTH_BEST, TITLE_LENGTH_FAIR),
    lengthCheck('description', descriptionLength, DESCRIPTION_LENGTH_BEST, DESCRIPTION_LENGTH_FAIR),
    wordCountCheck(page.wordCount),
    readabilityCheck(page.wordCount, proseCounts.words, readingEase),
    headingsCheck(page.wordCount, headings.length),
    imageAltsCheck(imageAlts),
    linksCheck(linkCount),
    ...mainTermChecks(mainTerm, page, title, description),
  ].filter((outcome) => outcome !== null);

  let earned = 0;
  let possible = 0;
  for (const { check, share } of outcomes) {
    earned += SEO_CHECK_WEIGHTS[check] * share;
    possible += SEO_CHECK_WEIGHTS[check];
  }
  const issues = new Set<string>();
  const recommendations = new Set<string>();
  for (const { issue, recommendation } of outcomes) {
    if (issue) issues.add(issue);
    if (recommendation) recommendations.add(recommendation);
  }

  return {
    seoScore: Math.round((100 * earned) / possible),
    contentLength: codePointLength(blocks.map((block) => block.text).join(' ')),
    readabilityScore: readingEase,
    imageCount: imageAlts.length,
    linkCount,
    issues: [...issues],
    recommendations: [...recommendations],
    wordCount: page.wordCount,
    titleLength,
    descriptionLength,
    headingCount: headings.length,
    imagesWithoutAlt: imageAlts.filter((alt) => alt === null).length,
    keywordDensity,
  };
}
