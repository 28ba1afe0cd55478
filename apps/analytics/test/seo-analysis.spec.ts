import type { SeoAnalysisResult, SeoOptimizeResult } from '@wave/contracts';
import { SEO_CONTENT_MAX_LENGTH } from '@wave/contracts';
import { v7 as uuidv7 } from 'uuid';
import { AnalyticsHarness } from './analytics-harness';

/** A short Markdown article: two headings, an image with alt text and one without, two links. */
const ARTICLE = [
  '# Caching for busy timelines',
  '',
  'A cache keeps the answers a timeline gives most often. Caching saves the database from',
  'reading the same rows again, and a good cache is small. Read about [caching](https://example.org/cache).',
  '',
  '## When to drop a cached page',
  '',
  'Drop it when the data changes. See [the guide](https://example.org/guide) for more.',
  '',
  '![A diagram of the cache](diagram.png)',
  '![](chart.png)',
].join('\n');

describe('SEO analysis (POST /api/seo/analyze and /api/seo/optimize)', () => {
  const sut = new AnalyticsHarness();
  const member = uuidv7();

  beforeAll(async () => {
    await sut.start('seo_analysis');
  });
  afterAll(() => sut.stop());

  const analyze = (body: unknown, as: string | null = member) =>
    sut.call('POST', '/api/seo/analyze', { as, body });
  const optimize = (body: unknown, as: string | null = member) =>
    sut.call('POST', '/api/seo/optimize', { as, body });

  it('measures the text it is given: structure, lengths, links and images', async () => {
    const answer = await analyze({
      title: 'Caching for busy timelines: when to keep and drop',
      content: ARTICLE,
      description: 'How a cache spares the database.',
    });

    expect(answer.statusCode).toBe(200);
    const result = answer.json<SeoAnalysisResult>();
    expect(result).toMatchObject({
      titleLength: 'Caching for busy timelines: when to keep and drop'.length,
      descriptionLength: 'How a cache spares the database.'.length,
      headingCount: 2,
      imageCount: 2,
      imagesWithoutAlt: 1,
      linkCount: 2,
    });
    expect(result.wordCount).toBeGreaterThan(30);
    expect(result.wordCount).toBeLessThan(80);
    expect(result.seoScore).toBeGreaterThanOrEqual(0);
    expect(result.seoScore).toBeLessThanOrEqual(100);
    expect(result.readabilityScore).toBeGreaterThanOrEqual(0);
    expect(result.readabilityScore).toBeLessThanOrEqual(100);
    expect(result.keywordDensity.map((entry) => entry.term)).toContain('cache');
    // A short text and a short description are named as problems, in sentences.
    expect(result.issues.length).toBeGreaterThan(0);
    expect(result.recommendations.length).toBeGreaterThan(0);
    for (const sentence of [...result.issues, ...result.recommendations]) {
      expect(sentence).toMatch(/^[A-Z0-9].*[.!]$/);
    }
  });

  it('scores a fuller page above a bare one', async () => {
    const bare = (await analyze({ title: 'Hi', content: 'Short.' })).json<SeoAnalysisResult>();
    const fuller = (
      await analyze({
        title: 'Caching for busy timelines: when to keep and drop a page',
        content: `${ARTICLE}\n\n${'A cache that is small and fresh serves readers well. '.repeat(40)}`,
        description:
          'How a small cache spares the database the same reads, and when a timeline should drop a cached page so readers see fresh posts.',
      })
    ).json<SeoAnalysisResult>();

    expect(bare.seoScore).toBeLessThan(fuller.seoScore);
    expect(bare.issues.length).toBeGreaterThan(fuller.issues.length);
  });

  it('reports where target keywords stand, and what is missing', async () => {
    const answer = await optimize({ content: ARTICLE, keywords: ['cache', 'sharding'] });

    expect(answer.statusCode).toBe(200);
    const result = answer.json<SeoOptimizeResult>();
    const byKeyword = new Map(result.keywords.map((entry) => [entry.keyword, entry]));
    // Twice in the running text ('cached' and 'Caching' are other words), not in a heading.
    expect(byKeyword.get('cache')).toMatchObject({ count: 2, inOpening: true, inHeading: false });
    expect(byKeyword.get('sharding')).toMatchObject({
      count: 0,
      density: 0,
      status: 'missing',
    });
    expect(result.suggestions.some((sentence) => sentence.includes('sharding'))).toBe(true);
  });

  it('is for members: a visitor is refused before anything is read', async () => {
    for (const call of [analyze, optimize]) {
      const answer = await call({}, null);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 401,
        body: { message: 'Authentication required' },
      });
    }
  });

  it('refuses bad bodies with a message naming the field', async () => {
    const cases: [typeof analyze, unknown, RegExp][] = [
      [analyze, { content: 'Text' }, /title/],
      [analyze, { title: 'Title' }, /content/],
      [analyze, { title: '\u200b', content: 'Text' }, /title/],
      [analyze, { title: 'T', content: 'a\u0000b' }, /content/],
      [analyze, { title: 'T', content: 'x'.repeat(SEO_CONTENT_MAX_LENGTH + 1) }, /content/],
      [analyze, { title: 'T', content: 'C', description: 42 }, /description/],
      [analyze, [], /JSON object/],
      [optimize, { content: 'Text', keywords: [] }, /keywords/],
      [optimize, { content: 'Text', keywords: ['ok', ' '] }, /keyword/],
      [optimize, { content: 'Text', keywords: 'cache' }, /keywords/],
    ];
    for (const [call, body, message] of cases) {
      const answer = await call(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(message);
    }
  });
});
