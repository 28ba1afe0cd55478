import type { Page } from '@wave/contracts';

/** The cached shape of an infinite list: its pages and the cursors that fetched them. */
export interface PagedData<T, P = unknown> {
  pages: Page<T>[];
  pageParams: P[];
}

/** The query string of a list call: `limit=20&cursor=...` (no cursor for the first page). */
export function pageSearch(cursor: string | null | undefined, limit: number): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (cursor) search.set('cursor', cursor);
  return search.toString();
}

/** Whether cached data looks like an infinite list. */
export function isPagedData(data: unknown): data is PagedData<unknown> {
  if (typeof data !== 'object' || data === null) return false;
  const { pages, pageParams } = data as { pages?: unknown; pageParams?: unknown };
  return (
    Array.isArray(pages) &&
    Array.isArray(pageParams) &&
    pages.every(
      (page: unknown) =>
        typeof page === 'object' &&
        page !== null &&
        Array.isArray((page as { items?: unknown }).items),
    )
  );
}

/**
 * Maps every item of every page. Unchanged pages (and the whole data, when
 * nothing changed) keep their identity, so nothing re-renders needlessly.
 */
export function mapPagedItems<T, P>(data: PagedData<T, P>, map: (item: T) => T): PagedData<T, P> {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const items = page.items.map((item) => {
      const next = map(item);
      if (next !== item) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** Keeps the items that pass; identity is kept when nothing is dropped. */
export function filterPagedItems<T, P>(
  data: PagedData<T, P>,
  keep: (item: T) => boolean,
): PagedData<T, P> {
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = page.items.filter(keep);
    if (items.length === page.items.length) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** Puts an item first on the first page (data without pages is left alone: it is refetched). */
export function prependToFirstPage<T, P>(data: PagedData<T, P>, item: T): PagedData<T, P> {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...rest] };
}

/** Every item, page after page. */
export const pagedItems = <T, P>(data: PagedData<T, P> | undefined): T[] =>
  data ? data.pages.flatMap((page) => page.items) : [];
