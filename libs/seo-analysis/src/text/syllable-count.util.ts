import { dictionary } from 'cmu-pronouncing-dictionary';
import { syllable } from 'syllable';

/** A vowel of an ARPAbet pronunciation carries its stress (0, 1 or 2): one a syllable. */
const STRESS_MARK = /\d/g;
/** A word spelt out letter by letter (U.S., e.g., i.e.): an abbreviation. */
const DOTTED_ABBREVIATION = /^\p{L}(?:\.\p{L})+$/u;
const LETTER = /\p{L}/u;

/** Syllables of one pronunciation in the CMU dictionary, or undefined for an unknown word. */
function pronunciationSyllables(key: string): number | undefined {
  if (!Object.hasOwn(dictionary, key)) return undefined;
  return dictionary[key]?.match(STRESS_MARK)?.length;
}

/**
 * Syllables of a word without hyphens, in lower case: as the CMU Pronouncing Dictionary
 * (134,000 English words) says it, taking the shorter of two pronunciations as Flesch asks;
 * the `syllable` package's rules for words the dictionary lacks; at least one.
 */
function wordSyllables(word: string): number {
  if (!LETTER.test(word)) return 1; // a figure within a word (the 19 of covid-19) counts one
  let fewest = pronunciationSyllables(word);
  // Further pronunciations are listed as `word(2)`, `word(3)`, …
  for (let variant = 2; fewest !== undefined; variant += 1) {
    const other = pronunciationSyllables(`${word}(${variant})`);
    if (other === undefined) break;
    fewest = Math.min(fewest, other);
  }
  return Math.max(1, fewest ?? syllable(word));
}

/**
 * Counts the syllables of the words of one text, remembering the words it has seen. A word is a
 * token from `words()`: a hyphenated word counts the syllables of its parts.
 */
export class SyllableCounter {
  private readonly seen = new Map<string, number>();

  count(word: string): number {
    const key = word.toLowerCase().replaceAll('’', "'");
    const known = this.seen.get(key);
    if (known !== undefined) return known;
    // A figure (3.50, 15,000) or a dotted abbreviation counts one syllable, as Flesch counts them.
    const syllables =
      !LETTER.test(key) || DOTTED_ABBREVIATION.test(key)
        ? 1
        : key.split(/[-‐.]/).reduce((sum, part) => sum + (part ? wordSyllables(part) : 0), 0);
    this.seen.set(key, Math.max(1, syllables));
    return Math.max(1, syllables);
  }
}
