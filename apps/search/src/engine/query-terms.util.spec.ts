import {
  bareToken,
  queryTerms,
  rangeStart,
  soleHashtag,
  startsWith,
  toTsQuery,
} from './query-terms.util';

describe('query terms', () => {
  it('recognises a query that is one hashtag and nothing else', () => {
    expect(soleHashtag('#Bread')).toBe('bread');
    expect(soleHashtag('  #café_42 ')).toBe('café_42');
    expect(soleHashtag('#bread baking')).toBeNull();
    expect(soleHashtag('bread')).toBeNull();
    expect(soleHashtag('##bread')).toBeNull();
    expect(soleHashtag('#')).toBeNull();
  });

  it('splits words as text search does, lower case, once each, at most 8', () => {
    expect(queryTerms('Hello, WORLD! hello #TypeScript café 42')).toEqual([
      'hello',
      'world',
      'typescript',
      'café',
      '42',
    ]);
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(queryTerms("'; DROP TABLE --")).toEqual(['drop', 'table']);
    expect(queryTerms('!!!')).toEqual([]);
  });

  it('builds a tsquery: every term, typo neighbours as alternatives, the last with its completions', () => {
    expect(toTsQuery(['launch', 'windw'], new Map([['windw', ['window', 'wind']]]), null)).toBe(
      "'launch' & ('windw':* | 'window' | 'wind')",
    );
    expect(toTsQuery(['ada'], new Map(), null)).toBe("'ada':*");
    expect(
      toTsQuery(['lanch', 'win'], new Map([['lanch', ['launch']]]), ['win', 'window', 'winter']),
    ).toBe("('lanch' | 'launch') & ('win' | 'window' | 'winter')");
    expect(toTsQuery(['a'], new Map(), [])).toBe("'a'");
  });

  it('reads a handle or a tag without its sigil', () => {
    expect(bareToken('@Ada_L', '@')).toBe('ada_l');
    expect(bareToken('#TypeScript', '#')).toBe('typescript');
    expect(bareToken('two words', '#')).toBeNull();
    expect(bareToken('#', '#')).toBeNull();
  });

  it('starts date ranges a day, a week and 30 days back', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(rangeStart('all', now)).toBeNull();
    expect(rangeStart('today', now)?.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(rangeStart('week', now)?.toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(rangeStart('month', now)?.toISOString()).toBe('2026-10-23T12:00:00.000Z');
  });

  it('escapes LIKE wildcards in prefixes', () => {
    expect(startsWith('a_b%')).toBe('a\\_b\\%%');
  });
});
