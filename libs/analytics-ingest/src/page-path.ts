/** Where a page view's URL points, for the rollups. */

const POST_PAGE = /^\/tweet\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** Paths longer than this are cut in the per-page rollup (the raw event keeps the whole URL). */
export const PAGE_PATH_MAX_LENGTH = 512;

/** The path of a same-site URL, without its query or fragment. */
export const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/** The path as the per-page rollup keeps it: no query, at most 512 characters. */
export const rollupPathOf = (url: string): string =>
  Array.from(pathOf(url)).slice(0, PAGE_PATH_MAX_LENGTH).join('');

/** The post a `/tweet/{id}` page shows, or null for any other page. */
export function postIdOfPage(url: string): string | null {
  const match = POST_PAGE.exec(pathOf(url));
  return match?.[1]?.toLowerCase() ?? null;
}
