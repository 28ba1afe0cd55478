import {
  pageOfSeq,
  pageSpan,
  parseSitemapFileName,
  seqRangeOf,
  sitemapFileName,
} from './sitemap-pages.util';

describe(seqRangeOf.name, () => {
  it('gives file n the numbers ((n-1)·size, n·size], so no two files share a row', () => {
    expect(seqRangeOf(1, 50_000)).toEqual({ after: 0, upTo: 50_000 });
    expect(seqRangeOf(3, 2)).toEqual({ after: 4, upTo: 6 });
    for (const seq of [1, 2, 3, 4, 5, 49_999, 50_000, 50_001]) {
      const range = seqRangeOf(pageOfSeq(seq, 50_000), 50_000);
      expect(seq > range.after && seq <= range.upTo).toBe(true);
    }
  });
});

describe(pageSpan.name, () => {
  it('covers the files from the first number to the last', () => {
    expect(pageSpan(1, 1, 2)).toEqual({ first: 1, last: 1 });
    expect(pageSpan(1, 5, 2)).toEqual({ first: 1, last: 3 });
    expect(pageSpan(7, 10, 2)).toEqual({ first: 4, last: 5 });
    expect(pageSpan(1, 100_000, 50_000)).toEqual({ first: 1, last: 2 });
    expect(pageSpan(1, 100_001, 50_000)).toEqual({ first: 1, last: 3 });
  });

  it('is null for an empty table or window', () => {
    expect(pageSpan(null, null, 2)).toBeNull();
    expect(pageSpan(1, null, 2)).toBeNull();
    expect(pageSpan(null, 4, 2)).toBeNull();
  });
});

describe(parseSitemapFileName.name, () => {
  it.each([
    ['profiles-1.xml', { kind: 'profiles', page: 1 }],
    ['posts-12.xml', { kind: 'posts', page: 12 }],
    ['communities-999999999.xml', { kind: 'communities', page: 999_999_999 }],
  ])('reads %s', (name, named) => {
    expect(parseSitemapFileName(name)).toEqual(named);
    expect(sitemapFileName(named.kind as 'posts', named.page)).toBe(name);
  });

  it.each([
    'profiles-0.xml',
    'profiles-01.xml',
    'profiles--1.xml',
    'profiles-1.xml.gz',
    'profiles-1',
    'users-1.xml',
    'posts-1000000000.xml',
    'posts-1e3.xml',
    'POSTS-1.xml',
    '',
  ])('names nothing with %p', (name) => {
    expect(parseSitemapFileName(name)).toBeNull();
  });
});
