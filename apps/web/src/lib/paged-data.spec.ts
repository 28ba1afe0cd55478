import type { PagedData } from './paged-data';
import {
  filterPagedItems,
  isPagedData,
  mapPagedItems,
  pagedItems,
  pageSearch,
  prependToFirstPage,
} from './paged-data';

const data = (): PagedData<{ id: number }, string | null> => ({
  pages: [
    { items: [{ id: 1 }, { id: 2 }], nextCursor: 'c1' },
    { items: [{ id: 3 }], nextCursor: null },
  ],
  pageParams: [null, 'c1'],
});

describe('paged data', () => {
  it('builds list query strings', () => {
    expect(pageSearch(null, 20)).toBe('limit=20');
    expect(pageSearch('a b&c', 5)).toBe('limit=5&cursor=a+b%26c');
  });

  it('recognises infinite lists', () => {
    expect(isPagedData(data())).toBe(true);
    expect(isPagedData({ pages: [], pageParams: [] })).toBe(true);
    expect(isPagedData({ id: '1' })).toBe(false);
    expect(isPagedData({ pages: [{}], pageParams: [] })).toBe(false);
    expect(isPagedData(null)).toBe(false);
  });

  it('maps items, keeping untouched pages and data as they were', () => {
    const before = data();
    const after = mapPagedItems(before, (item) => (item.id === 3 ? { id: 30 } : item));
    expect(pagedItems(after).map((item) => item.id)).toEqual([1, 2, 30]);
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pageParams).toBe(before.pageParams);
    expect(mapPagedItems(before, (item) => item)).toBe(before);
  });

  it('filters items', () => {
    const before = data();
    const after = filterPagedItems(before, (item) => item.id !== 2);
    expect(pagedItems(after).map((item) => item.id)).toEqual([1, 3]);
    expect(after.pages[1]).toBe(before.pages[1]);
    expect(filterPagedItems(before, () => true)).toBe(before);
  });

  it('prepends to the first page', () => {
    const after = prependToFirstPage(data(), { id: 0 });
    expect(pagedItems(after).map((item) => item.id)).toEqual([0, 1, 2, 3]);
    expect(after.pages[0]?.nextCursor).toBe('c1');
    const empty = { pages: [], pageParams: [] };
    expect(prependToFirstPage(empty, { id: 0 })).toBe(empty);
  });

  it('flattens pages', () => {
    expect(pagedItems(undefined)).toEqual([]);
    expect(pagedItems(data())).toHaveLength(3);
  });
});
