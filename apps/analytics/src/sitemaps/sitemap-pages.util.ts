/**
 * How the sitemaps are cut into files. Every row of a listed table has a number in the order it
 * arrived (`sitemap_seq`, `sitemap_posts.seq`); file n of a kind lists the rows numbered
 * ((n-1)·size, n·size]. A file is then one range of a unique index, at most `size` rows, however
 * large the table grows (no OFFSET, no count); a file's address keeps meaning the same rows as
 * the table grows; and numbers are never reused, so a file holds at most `size` URLs even when
 * rows went (deleted posts, private communities: such files just list fewer).
 */

/** The three child sitemaps, each its own series of files. */
export const SITEMAP_KINDS = ['profiles', 'posts', 'communities'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** A sitemap index lists at most this many sitemaps (sitemaps.org). */
export const MAX_SITEMAPS_PER_INDEX = 50_000;

/** The numbers file `page` lists: greater than `after`, at most `upTo`. */
export interface SeqRange {
  after: number;
  upTo: number;
}

export const seqRangeOf = (page: number, size: number): SeqRange => ({
  after: (page - 1) * size,
  upTo: page * size,
});

/** The file a row's number falls in. */
export const pageOfSeq = (seq: number, size: number): number => Math.ceil(seq / size);

/**
 * The files between the one holding `firstSeq` and the one holding `lastSeq` (both null: an
 * empty table), or null when there are none.
 */
export function pageSpan(
  firstSeq: number | null,
  lastSeq: number | null,
  size: number,
): { first: number; last: number } | null {
  if (firstSeq === null || lastSeq === null || lastSeq < firstSeq || lastSeq < 1) return null;
  return { first: pageOfSeq(Math.max(firstSeq, 1), size), last: pageOfSeq(lastSeq, size) };
}

export const sitemapFileName = (kind: SitemapKind, page: number): string => `${kind}-${page}.xml`;

/** Up to nine digits: 10^9 files of 50,000 URLs each is far off. */
const FILE_NAME = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9][0-9]{0,8})\\.xml$`);

/** The kind and page a child sitemap's file name names, or null for any other name. */
export function parseSitemapFileName(name: string): { kind: SitemapKind; page: number } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapKind, page: Number(match[2]) };
}
