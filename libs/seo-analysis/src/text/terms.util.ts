import { eng } from 'stopword';

/**
 * Words too common to be a page's topic: the `stopword` package's English list, and the function
 * words it lacks (negations, pronouns, modal verbs) that would otherwise top every count.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  ...eng,
  ...['again', 'against', 'above', 'below', 'does', 'doing', 'done', 'down', 'during', 'few'],
  ...['further', 'having', 'hers', 'herself', 'its', 'itself', 'just', 'let', 'may', 'myself'],
  ...['no', 'nor', 'not', 'off', 'once', 'ours', 'ourselves', 'own', 'shall', 'she', 'so'],
  ...['theirs', 'themselves', 'until', 'us', 'when', 'why', 'whom', 'will', 'yes', 'yours'],
  ...['yourself', 'yourselves'],
]);

const POSSESSIVE = /'s$/;
const LETTER = /\p{L}/u;

/** A word as a term: in lower case, with a curly apostrophe made straight and without a possessive 's. */
export function termOf(word: string): string {
  return word.toLowerCase().replaceAll('’', "'").replace(POSSESSIVE, '');
}

/**
 * Whether a term can be one of a text's main terms: a word of two letters or more that is not a
 * stop word, a contraction (don't, we'll) or a figure.
 */
export function isTopicTerm(term: string): boolean {
  return term.length >= 2 && LETTER.test(term) && !term.includes("'") && !STOP_WORDS.has(term);
}

export interface TermCount {
  term: string;
  count: number;
}

/** The topic terms of the words, most frequent first (ties: in the order they first appear). */
export function topicTerms(words: readonly string[]): TermCount[] {
  const counts = new Map<string, number>();
  for (const word of words) {
    const term = termOf(word);
    if (isTopicTerm(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  // A Map keeps insertion order and the sort is stable: equal counts stay in order of appearance.
  return [...counts].map(([term, count]) => ({ term, count })).sort((a, b) => b.count - a.count);
}
