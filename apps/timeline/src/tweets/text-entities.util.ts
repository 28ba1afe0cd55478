/** As stored (`tweet_hashtags.tag`, search's tables): code points, after lowercasing. */
const HASHTAG_MAX_LENGTH = 100;
const HASHTAG = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{N}_]{1,100})/gu;
const MENTION = /(?<![\p{L}\p{N}_@.])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_@])/gu;
const MAX_ENTITIES = 20;

const unique = (values: string[]): string[] => [...new Set(values)].slice(0, MAX_ENTITIES);

/**
 * Hashtags of a text, lowercased, without the #; a tag needs a letter or underscore (#2026 is
 * not one). Lowercasing can lengthen a tag (`İ` becomes `i` and a combining dot), so the limit
 * is applied again after it.
 */
export function extractHashtags(text: string): string[] {
  return unique(
    [...text.matchAll(HASHTAG)]
      .map((match) =>
        Array.from((match[1] ?? '').toLowerCase())
          .slice(0, HASHTAG_MAX_LENGTH)
          .join(''),
      )
      .filter((tag) => /[\p{L}_]/u.test(tag)),
  );
}

/** Mentioned usernames, lowercased, without the @ (email addresses are not mentions). */
export function extractMentions(text: string): string[] {
  return unique([...text.matchAll(MENTION)].map((match) => (match[1] ?? '').toLowerCase()));
}
