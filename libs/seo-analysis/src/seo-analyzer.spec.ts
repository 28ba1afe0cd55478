import type { SeoAnalysisResult } from '@wave/contracts';
import { SEO_CONTENT_MAX_LENGTH, SEO_SCORE_GOOD } from '@wave/contracts';
import fc from 'fast-check';
import { analyzeSeo } from './seo-analyzer';
import { SEO_CHECK_WEIGHTS } from './seo-checks.constant';

/** Five plain sentences (reading ease over 80) in which 'pools' is the main term. */
const ROUND = [
  'Tide pools form on rocky shores.',
  'The sea fills the pools twice a day.',
  'Crabs and snails hide in the pools.',
  'Kids like to look at the pools at low tide.',
  'Take care on wet rocks near the pools.',
].join(' ');
const ROUND_WORDS = 39;
/** Nine rounds: 351 words, an article. */
const ROUNDS = Array.from({ length: 9 }, () => ROUND);

const GOOD_TITLE = 'Tide pools: where to find them and what lives in them'; // 53 characters
const GOOD_DESCRIPTION =
  'Tide pools form on rocky shores. Learn when to visit the pools, what lives in them, and how to watch crabs without harming them.'; // 128 characters

interface PageParts {
  title?: string;
  description?: string;
  opening?: string;
  heading?: boolean;
  alts?: [string, string];
  link?: boolean;
  rounds?: string[];
}

/** An HTML article, good in every respect unless told otherwise. */
function article(parts: PageParts = {}): { title: string; description: string; content: string } {
  const [firstAlt, secondAlt] = parts.alts ?? ['A tide pool', 'A crab'];
  const [first, ...rest] = parts.rounds ?? ROUNDS;
  return {
    title: parts.title ?? GOOD_TITLE,
    description: parts.description ?? GOOD_DESCRIPTION,
    content: [
      `<p>${parts.opening ?? first}</p>`,
      parts.heading === false ? '' : '<h2>What lives there</h2>',
      `<img src="pool.jpg" alt="${firstAlt}"><img src="crab.jpg" alt="${secondAlt}">`,
      ...rest.map((round) => `<p>${round}</p>`),
      parts.link === false ? '' : '<p>See <a href="/shores">more shores</a>.</p>',
    ].join('\n'),
  };
}

/** An opening paragraph of 104 words without the main term. */
const OFF_TOPIC_OPENING = 'Visit the shore when the sea is out. '.repeat(13);

/** The same article with every problem the checks look for. */
const POOR: PageParts = {
  title: 'Rocky shores',
  description: '',
  opening: OFF_TOPIC_OPENING,
  heading: false,
  alts: ['', ''],
  link: false,
};

const words = (count: number): string =>
  Array.from({ length: count }, (_, index) => (index % 8 === 7 ? 'sea.' : 'sea')).join(' ');

describe(analyzeSeo.name, () => {
  it('weighs its checks out of 100', () => {
    expect(Object.values(SEO_CHECK_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
  });

  it('scores a page that passes every check 100, with no issues', () => {
    const sut = analyzeSeo(article());

    expect(sut).toMatchObject({
      seoScore: 100,
      titleLength: 53,
      descriptionLength: 128,
      wordCount: ROUND_WORDS * 9 + 6, // and the heading's 3 words, and 3 around the link
      headingCount: 1,
      imageCount: 2,
      imagesWithoutAlt: 0,
      linkCount: 1,
      issues: [],
      recommendations: [],
    });
    expect(sut.readabilityScore).toBeGreaterThanOrEqual(80);
  });

  it('lists the issues and recommendations of a poor page as sentences, in the order of the checks', () => {
    const sut = analyzeSeo(article(POOR));

    expect(sut.issues).toEqual([
      'The title is 12 characters long; titles of 50–60 characters work best.',
      'The page has no description.',
      'The text has 416 words but no headings.',
      '2 of 2 images have no alt text.',
      'The text has no links.',
      "The main term of the text, 'pools', is not in the title.",
      "The main term of the text, 'pools', is not in its first paragraph.",
    ]);
    expect(sut.recommendations).toEqual([
      'Lengthen the title to 50–60 characters.',
      'Write a description of 120–160 characters that sums up the page.',
      'Break the text up with headings (<h2> in HTML, ## in Markdown).',
      'Give every image an alt text that describes it.',
      'Link to related pages, so that readers and crawlers find more.',
      "Use the page's main term in the title.",
      "Use the page's main term in the first paragraph.",
    ]);
    expect(sut.seoScore).toBeLessThan(60);
  });

  describe('fixing an issue never lowers the score', () => {
    const fixes: [string, PageParts][] = [
      ['the title', { title: GOOD_TITLE }],
      ['the description', { description: GOOD_DESCRIPTION }],
      ['a heading', { heading: true }],
      ['one alt text', { alts: ['A tide pool', ''] }],
      ['both alt texts', { alts: ['A tide pool', 'A crab'] }],
      ['a link', { link: true }],
      ['the main term in the opening', { opening: ROUND }],
      [
        'a title without the main term',
        { title: 'Rocky shores: where to go and what to look for' },
      ],
      ['a description without the main term', { description: 'x'.repeat(130) }],
    ];

    it.each(fixes)('fixing %s alone raises it, and adds no issue', (_name, fix) => {
      const before = analyzeSeo(article(POOR));
      const after = analyzeSeo(article({ ...POOR, ...fix }));

      expect(after.seoScore).toBeGreaterThan(before.seoScore);
      expect(after.issues.length).toBeLessThanOrEqual(before.issues.length);
    });

    it('raises it with each fix, one after the other, up to 100', () => {
      let parts: PageParts = POOR;
      let score = analyzeSeo(article(parts)).seoScore;
      for (const [, fix] of fixes.slice(0, 7)) {
        parts = { ...parts, ...fix };
        const next = analyzeSeo(article(parts)).seoScore;
        expect(next).toBeGreaterThanOrEqual(score);
        score = next;
      }
      expect(score).toBe(100);
    });

    it('scores harder text of the same length lower, for its reading ease alone', () => {
      const hardSentence =
        'Pools demonstrate considerable biological diversity, accommodating numerous invertebrate organisms within variable intertidal conditions.';
      const hard = ROUNDS.map(() => [hardSentence, hardSentence, hardSentence].join(' '));
      const easy = analyzeSeo(article());
      const harder = analyzeSeo(article({ rounds: hard }));

      expect(harder.wordCount).toBe(easy.wordCount);
      expect(harder.readabilityScore).toBeLessThan(30);
      expect(harder.issues).toEqual([
        `The text is hard to read (Flesch reading ease ${harder.readabilityScore}; 60 or more is plain English).`,
      ]);
      expect(harder.seoScore).toBeLessThan(easy.seoScore);
    });
  });

  describe('title', () => {
    const scoreOf = (title: string) => analyzeSeo({ ...article(), title });

    it('gives full points from 50 to 60 characters', () => {
      for (const length of [50, 55, 60]) {
        const sut = scoreOf(`Tide pools ${'x'.repeat(length - 11)}`);
        expect(sut.titleLength).toBe(length);
        expect(sut.seoScore).toBe(100);
      }
    });

    it('gives fewer points the further it is from 50–60 characters, none without a title', () => {
      const score = (length: number) =>
        scoreOf(`Tide pools ${'x'.repeat(Math.max(0, length - 11))}`).seoScore;

      expect(score(45)).toBeLessThan(100);
      expect(score(45)).toBe(score(65));
      expect(score(30)).toBeLessThan(score(45));
      expect(score(30)).toBe(score(80));
      expect(scoreOf('').seoScore).toBeLessThan(score(30));
    });

    it('says whether it is too short, too long or missing', () => {
      expect(scoreOf('Tide pools of the coast').issues[0]).toBe(
        'The title is 23 characters long; titles of 50–60 characters work best.',
      );
      expect(scoreOf(`Tide pools ${'x'.repeat(70)}`).issues[0]).toBe(
        'The title is 81 characters long; search results cut titles after about 60 characters.',
      );
      expect(scoreOf('   ').issues[0]).toBe('The page has no title.');
    });

    it('counts characters as they show: white space collapsed, an emoji once', () => {
      expect(scoreOf('  Tide   pools 🌊  ').titleLength).toBe('Tide pools 🌊'.length - 1);
    });
  });

  describe('description', () => {
    const scoreOf = (description: string) => analyzeSeo({ ...article(), description });
    const ofLength = (length: number) => `Tide pools ${'x'.repeat(length - 11)}`;

    it('gives full points from 120 to 160 characters', () => {
      for (const length of [120, 140, 160]) {
        const sut = scoreOf(ofLength(length));
        expect(sut.descriptionLength).toBe(length);
        expect(sut.seoScore).toBe(100);
      }
    });

    it('gives fewer points the further it is from 120–160 characters, none without one', () => {
      const score = (length: number) => scoreOf(ofLength(length)).seoScore;

      expect(score(100)).toBeLessThan(100);
      expect(score(100)).toBe(score(180));
      expect(score(60)).toBeLessThan(score(100));
      expect(score(60)).toBe(score(240));
      expect(scoreOf('').seoScore).toBeLessThan(score(60));
      expect(scoreOf(ofLength(200)).issues).toEqual([
        'The description is 200 characters long; search results cut descriptions after about 160 characters.',
      ]);
    });
  });

  describe('word count', () => {
    it('gives full points from 300 words, two thirds from 100, one third below, none without text', () => {
      const page = { title: `Sea ${'x'.repeat(51)}`, description: `Sea ${'x'.repeat(136)}` };
      const scoreOf = (content: string) => analyzeSeo({ ...page, content }).seoScore;
      const [none, fifty, ninetyNine, hundred, twoNinetyNine, article300] = [
        scoreOf(''),
        scoreOf(words(50)),
        scoreOf(words(99)),
        scoreOf(words(100)),
        scoreOf(words(299)),
        scoreOf(`## Sea\n\n${words(299)}`), // 300 words, with the heading they need
      ];

      expect(none).toBeLessThan(fifty);
      expect(fifty).toBe(ninetyNine);
      expect(ninetyNine).toBeLessThan(hundred);
      expect(hundred).toBe(twoNinetyNine);
      expect(twoNinetyNine).toBeLessThan(article300);
      expect(analyzeSeo({ title: GOOD_TITLE, content: words(50) }).issues).toContain(
        'The text has only 50 words; pages with 300 words or more give search engines more to go on.',
      );
      expect(analyzeSeo({ title: GOOD_TITLE, content: '' }).issues).toContain(
        'The page has no text.',
      );
    });

    it('asks for headings from 300 words on, not in a post', () => {
      expect(analyzeSeo({ title: GOOD_TITLE, content: words(299) }).issues).not.toContain(
        expect.stringContaining('no headings'),
      );
      expect(analyzeSeo({ title: GOOD_TITLE, content: words(300) }).issues).toContain(
        'The text has 300 words but no headings.',
      );
    });
  });

  describe('readability', () => {
    // Published scores: Wikipedia, "Flesch–Kincaid readability tests" (revision of 30 November 2023).
    it.each([
      ['The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.', 37.5],
      ['The cat sat on the mat.', 100], // published 116, clamped to 100
    ])('measures the reading ease of %p as %p', (content, expected) => {
      expect(analyzeSeo({ title: GOOD_TITLE, content }).readabilityScore).toBe(expected);
    });

    it('measures running text only, not headings or code (Flesch)', () => {
      const plain = analyzeSeo({ title: GOOD_TITLE, content: '<p>The cat sat on the mat.</p>' });
      const withHeadingAndCode = analyzeSeo({
        title: GOOD_TITLE,
        content:
          '<h1>Extraordinarily complicated considerations</h1><p>The cat sat on the mat.</p><pre>internationalization()</pre>',
      });

      expect(withHeadingAndCode.readabilityScore).toBe(plain.readabilityScore);
      expect(withHeadingAndCode.wordCount).toBe(10);
    });
  });

  describe('content', () => {
    it('measures HTML: words, characters, headings, images, alt texts and links', () => {
      const sut = analyzeSeo({
        title: GOOD_TITLE,
        content:
          '<h1>Tide pools</h1><p>Crabs &amp; snails <b>hide</b> here.</p><img src="a.png" alt="A crab"><img src="b.png">' +
          '<h2>Visit</h2><p>Go at <a href="/tides">low tide</a>, not <a href="javascript:alert(1)">now</a>.</p>' +
          '<script>var hidden = "not counted";</script>',
      });

      expect(sut).toMatchObject({
        wordCount: 13,
        contentLength: 'Tide pools Crabs & snails hide here. Visit Go at low tide, not now.'.length,
        headingCount: 2,
        imageCount: 2,
        imagesWithoutAlt: 1,
        linkCount: 1,
      });
    });

    it('measures Markdown the same way', () => {
      const sut = analyzeSeo({
        title: GOOD_TITLE,
        content:
          '# Tide pools\n\nCrabs & snails *hide* here.\n\n![A crab](a.png) ![](b.png)\n\n## Visit\n\nGo at [low tide](/tides), see https://example.com.',
      });

      expect(sut).toMatchObject({
        wordCount: 14,
        headingCount: 2,
        imageCount: 2,
        imagesWithoutAlt: 1,
        linkCount: 2,
      });
    });

    it('counts hostile markup as text or skips it, never runs it', () => {
      const sut = analyzeSeo({
        title: GOOD_TITLE,
        content:
          '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>globalThis.ranSeo = 1</script><img src=x onerror="globalThis.ranSeo = 1"><p>Unclosed <b>bold',
      });

      expect(sut.wordCount).toBe(6);
      expect(sut.keywordDensity.map((term) => term.term)).toEqual([
        'script',
        'alert',
        'unclosed',
        'bold',
      ]);
      expect((globalThis as { ranSeo?: number }).ranSeo).toBeUndefined();
    });

    it('reads at most the first 100,000 characters', () => {
      const content = `${'sea '.repeat(SEO_CONTENT_MAX_LENGTH / 4)}${'land '.repeat(1000)}`;

      const sut = analyzeSeo({ title: GOOD_TITLE, content });

      expect(sut.wordCount).toBe(SEO_CONTENT_MAX_LENGTH / 4);
      expect(sut.keywordDensity).toEqual([
        { term: 'sea', count: SEO_CONTENT_MAX_LENGTH / 4, density: 100 },
      ]);
    });
  });

  describe('main terms', () => {
    it('lists the most frequent terms without stop words, with their share of the words', () => {
      const sut = analyzeSeo({
        title: GOOD_TITLE,
        content:
          "The pool's crabs are in the pools. Crabs don't like it when crabs are dry. It is not the crabs' fault.",
      });

      expect(sut.wordCount).toBe(21);
      expect(sut.keywordDensity).toEqual([
        { term: 'crabs', count: 4, density: 19.05 },
        { term: 'pool', count: 1, density: 4.76 },
        { term: 'pools', count: 1, density: 4.76 },
        { term: 'dry', count: 1, density: 4.76 },
        { term: 'fault', count: 1, density: 4.76 },
      ]);
    });

    it('checks the main term in the title, description and opening only when a term stands out', () => {
      const allOnce = analyzeSeo({ title: 'Pools', content: 'Crabs hide under wet rocks.' });
      const crabs = analyzeSeo({
        title: 'Pools',
        description: 'Rocky shores',
        content: 'Crabs hide under wet rocks. Crabs eat at night.',
      });

      expect(allOnce.issues.filter((issue) => issue.includes('main term'))).toEqual([]);
      expect(crabs.issues.filter((issue) => issue.includes('main term'))).toEqual([
        "The main term of the text, 'crabs', is not in the title.",
        "The main term of the text, 'crabs', is not in the description.",
      ]);
    });
  });

  describe('a short post', () => {
    it('can score good with a fitting title and description, without headings, images or links', () => {
      const post =
        'Low tide this morning: the pools were full of crabs, and the crabs were busy. Go and see!';
      const sut = analyzeSeo({
        title: 'Ada on Wave: "Low tide: the pools were full of crabs…"',
        description: `${post} Posted by Ada Lovelace (@ada) on Wave, the microblogging platform.`,
        content: post,
      });

      expect(sut.issues).toEqual([
        'The text has only 18 words; pages with 300 words or more give search engines more to go on.',
        'The text has no links.',
      ]);
      expect(sut.seoScore).toBeGreaterThanOrEqual(SEO_SCORE_GOOD);
    });
  });

  describe('any input', () => {
    const finite = (result: SeoAnalysisResult): void => {
      const numbers = [
        result.seoScore,
        result.readabilityScore,
        result.contentLength,
        result.wordCount,
        result.titleLength,
        result.descriptionLength,
        ...result.keywordDensity.flatMap((term) => [term.count, term.density]),
      ];
      for (const value of numbers) expect(Number.isFinite(value)).toBe(true);
      expect(result.seoScore).toBeGreaterThanOrEqual(0);
      expect(result.seoScore).toBeLessThanOrEqual(100);
      expect(result.readabilityScore).toBeGreaterThanOrEqual(0);
      expect(result.readabilityScore).toBeLessThanOrEqual(100);
      expect(new Set(result.issues).size).toBe(result.issues.length);
      expect(new Set(result.recommendations).size).toBe(result.recommendations.length);
    };

    it.each([
      ['empty', ''],
      ['white space', ' \n\t '],
      ['punctuation', '... !!! ???'],
      ['one huge word', 'a'.repeat(SEO_CONTENT_MAX_LENGTH)],
      ['100,000 characters of brackets', '['.repeat(SEO_CONTENT_MAX_LENGTH)],
      ['100,000 characters of nested quotes', '>'.repeat(SEO_CONTENT_MAX_LENGTH)],
      ['100,000 characters of open tags', '<div>'.repeat(SEO_CONTENT_MAX_LENGTH / 5)],
    ])('gives finite numbers for %s content', (_name, content) => {
      finite(analyzeSeo({ title: '', content }));
    });

    it('gives finite numbers in range and no duplicate sentence for any text, Markdown or HTML', () => {
      const piece = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.constantFrom(
          '<p>',
          '</p>',
          '<h2>',
          '</h2>',
          '<img src=x>',
          '<a href=/x>',
          '# ',
          '**',
          '![](x)',
        ),
        fc.constantFrom(
          '[a](b)',
          '\n',
          '\n\n',
          ' ',
          '.',
          '!',
          'pools',
          'the',
          '&amp;',
          '<script>',
          '- ',
        ),
      );
      fc.assert(
        fc.property(
          fc.array(piece, { maxLength: 60 }),
          fc.string({ maxLength: 80 }),
          (pieces, title) => {
            finite(analyzeSeo({ title, content: pieces.join(''), description: title }));
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
