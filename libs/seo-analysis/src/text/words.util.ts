/**
 * A word as Flesch counts one: letters, marks and digits, with contractions, hyphenated words,
 * abbreviations and figures kept whole (don't, full-length, U.S, 3.50, 15,000).
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['’‐.-]|(?<=\p{N}),(?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

/**
 * A possible end of a sentence: full stops, question or exclamation marks or an ellipsis, with any
 * closing quotes or brackets, before white space or the end of the line. Colons, semicolons and
 * dashes do not end one (Flesch).
 */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)/gu;
/** A dotted abbreviation before a full stop: `e.g`, `i.e`, `U.S`, `a.m`, or one letter (`Plan B`). */
const ABBREVIATION_BEFORE = /(?:^|[^\p{L}\p{N}.])\p{L}(?:\.\p{L})*$/u;
/** How far back an abbreviation is looked for: a sentence end costs the same in any sentence. */
const ABBREVIATION_MAX_LENGTH = 12;
/** White space and a word in lower case, read where a possible end stops (sticky). */
const LOWER_CASE_NEXT = /\s+\p{Ll}/uy;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** The words of a text, in order. */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The sentences of a block of text: each line (a line break ends a sentence, as in a list or a
 * poem) split at sentence ends, counting only the pieces with a word in them. A full stop after a
 * dotted abbreviation followed by a word in lower case goes on (`e.g. apples`); any other ends a
 * sentence, also before lower case (`lol. see you`) and after a title (`Mr. Smith`, as most
 * readability tools count it).
 */
export function sentenceCount(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) {
    let start = 0;
    for (const end of line.matchAll(SENTENCE_END)) {
      const next = end.index + end[0].length;
      LOWER_CASE_NEXT.lastIndex = next;
      const goesOn =
        /^\.+$/u.test(end[0]) &&
        ABBREVIATION_BEFORE.test(
          line.slice(Math.max(start, end.index - ABBREVIATION_MAX_LENGTH), end.index),
        ) &&
        LOWER_CASE_NEXT.test(line);
      if (goesOn) continue;
      if (HAS_WORD.test(line.slice(start, end.index))) count += 1;
      start = next;
    }
    if (HAS_WORD.test(line.slice(start))) count += 1;
  }
  return count;
}
