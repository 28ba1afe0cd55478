import { optimizeForKeywords } from './keyword-optimizer';

const water = (count: number): string =>
  Array.from({ length: count }, (_, index) => (index % 10 === 9 ? 'water.' : 'water')).join(' ');

/**
 * A Markdown article of exactly 400 words: 'tide pools' 3 times (in the heading and the first
 * paragraph), 'crabs' twice and 'anemones' once, both after the first 100 words, 'sea' 12 times.
 */
const ARTICLE = [
  '# Tide pools', // 2 words
  'Tide pools are small seas left behind by the tide. Snails live in tide pools.', // 15
  water(120),
  '## Life', // 1
  'Crabs hide under rocks and crabs eat at night.', // 9
  'Anemones wait.', // 2
  `${'sea '.repeat(12).trim()}.`, // 12
  water(239),
].join('\n\n');

describe(optimizeForKeywords.name, () => {
  it('reports how often and where each keyword appears, with its status', () => {
    const sut = optimizeForKeywords({
      content: ARTICLE,
      keywords: ['tide pools', 'crabs', 'anemones', 'sea', 'octopus'],
    });

    expect(sut.keywords).toEqual([
      {
        keyword: 'tide pools',
        count: 3,
        density: 0.75,
        inOpening: true,
        inHeading: true,
        status: 'good',
      },
      {
        keyword: 'crabs',
        count: 2,
        density: 0.5,
        inOpening: false,
        inHeading: false,
        status: 'good',
      },
      {
        keyword: 'anemones',
        count: 1,
        density: 0.25,
        inOpening: false,
        inHeading: false,
        status: 'low',
      },
      { keyword: 'sea', count: 12, density: 3, inOpening: false, inHeading: false, status: 'high' },
      {
        keyword: 'octopus',
        count: 0,
        density: 0,
        inOpening: false,
        inHeading: false,
        status: 'missing',
      },
    ]);
  });

  it('suggests placement and density, keyword by keyword, as sentences', () => {
    const sut = optimizeForKeywords({
      content: ARTICLE,
      keywords: ['tide pools', 'crabs', 'anemones', 'sea', 'octopus'],
    });

    expect(sut.suggestions).toEqual([
      "Add 'crabs' to the first paragraph.",
      "Use 'crabs' in a heading.",
      "'anemones' appears once (0.3 %): use it about 1 more time, to reach 0.5 % of the words.",
      "Add 'anemones' to the first paragraph.",
      "Use 'anemones' in a heading.",
      "'sea' appears 12 times (3.0 %): use it less so the text reads naturally (at most 2.5 %).",
      "Add 'sea' to the first paragraph.",
      "Use 'sea' in a heading.",
      "Use 'octopus' at least once; it does not appear.",
    ]);
  });

  it('finds keywords in any case, as whole words, and each keyword once', () => {
    const sut = optimizeForKeywords({
      content: ARTICLE,
      keywords: ['TIDE POOLS', 'Tide  Pools', 'seas', 'tide'],
    });

    expect(sut.keywords.map(({ keyword, count }) => [keyword, count])).toEqual([
      ['TIDE POOLS', 3],
      ['seas', 1],
      ['tide', 4],
    ]);
  });

  it('counts the opening as the first paragraph and the first 100 words', () => {
    const firstParagraphOnly = optimizeForKeywords({
      content: `Crabs first.\n\n${water(150)}`,
      keywords: ['crabs'],
    });
    const firstWordsOnly = optimizeForKeywords({
      content: `Hello.\n\n${water(90)}\n\nCrabs now.\n\n${water(200)}`,
      keywords: ['crabs'],
    });
    const later = optimizeForKeywords({
      content: `Hello.\n\n${water(100)}\n\nCrabs now.`,
      keywords: ['crabs'],
    });

    expect(firstParagraphOnly.keywords[0]?.inOpening).toBe(true);
    expect(firstWordsOnly.keywords[0]?.inOpening).toBe(true);
    expect(later.keywords[0]?.inOpening).toBe(false);
  });

  it('finds keywords in HTML headings of any level', () => {
    const sut = optimizeForKeywords({
      content: '<h4>About crabs</h4><p>Crabs hide.</p><p>Snails too.</p>',
      keywords: ['crabs', 'snails'],
    });

    expect(sut.keywords.map(({ keyword, inHeading }) => [keyword, inHeading])).toEqual([
      ['crabs', true],
      ['snails', false],
    ]);
    expect(sut.suggestions).toEqual(["Use 'snails' in a heading."]);
  });

  it('never calls twice too often, and asks for no heading in a short post', () => {
    const twice = optimizeForKeywords({ content: 'Crabs! Crabs everywhere.', keywords: ['crabs'] });
    const thrice = optimizeForKeywords({
      content: 'Crabs! Crabs! Crabs everywhere.',
      keywords: ['crabs'],
    });

    expect(twice.keywords[0]?.status).toBe('good');
    expect(twice.suggestions).toEqual([]);
    expect(thrice.keywords[0]?.status).toBe('high');
    expect(thrice.suggestions).toEqual([
      "'crabs' appears 3 times (75.0 %): use it less so the text reads naturally (at most 2.5 %).",
    ]);
  });

  it('reports every keyword as missing in empty content, with finite numbers', () => {
    const sut = optimizeForKeywords({ content: '', keywords: ['crabs', '!!!'] });

    expect(sut.keywords).toEqual([
      {
        keyword: 'crabs',
        count: 0,
        density: 0,
        inOpening: false,
        inHeading: false,
        status: 'missing',
      },
      {
        keyword: '!!!',
        count: 0,
        density: 0,
        inOpening: false,
        inHeading: false,
        status: 'missing',
      },
    ]);
    expect(sut.suggestions).toEqual([
      "Use 'crabs' at least once; it does not appear.",
      "Use '!!!' at least once; it does not appear.",
    ]);
  });
});
