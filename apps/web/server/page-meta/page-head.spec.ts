// @vitest-environment node
import { DomUtils, parseDocument } from 'htmlparser2';
import type { PageHead } from './page-head';
import { DESCRIPTION_MAX_LENGTH, renderPageHead, summarize } from './page-head';

const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert(2)> ' & </title><!--`;

const head = (overrides: Partial<PageHead> = {}): PageHead => ({
  title: 'Ada Lovelace on Wave: "Hello"',
  description: 'Hello',
  url: 'https://wave.example/tweet/1',
  type: 'article',
  image: 'https://wave.example/objects/uploads/a/display',
  largeImage: true,
  properties: [['article:published_time', '2026-03-03T12:00:00.000Z']],
  jsonLd: { '@context': 'https://schema.org', '@type': 'SocialMediaPosting', headline: 'Hello' },
  noIndex: false,
  ...overrides,
});

/** The markup as a browser's parser reads it, inside a head. */
const parsed = (markup: string) =>
  parseDocument(`<!doctype html><html><head>${markup}</head><body></body></html>`);
const elements = (markup: string, name: string) =>
  DomUtils.findAll((element) => element.name === name, parsed(markup).children);
const metaContent = (markup: string, key: 'name' | 'property', value: string) =>
  elements(markup, 'meta').find((element) => element.attribs[key] === value)?.attribs['content'];

describe(renderPageHead.name, () => {
  it('says what the page is: title, description, canonical link, Open Graph, Twitter card, JSON-LD', () => {
    const sut = renderPageHead(head());

    expect(DomUtils.textContent(elements(sut, 'title'))).toBe('Ada Lovelace on Wave: "Hello"');
    expect(metaContent(sut, 'name', 'description')).toBe('Hello');
    expect(elements(sut, 'link')[0]?.attribs).toMatchObject({
      rel: 'canonical',
      href: 'https://wave.example/tweet/1',
    });
    expect(
      Object.fromEntries(
        elements(sut, 'meta').map((meta) => [
          meta.attribs['property'] ?? meta.attribs['name'],
          meta.attribs['content'],
        ]),
      ),
    ).toEqual({
      description: 'Hello',
      'og:site_name': 'Wave',
      'og:type': 'article',
      'og:title': 'Ada Lovelace on Wave: "Hello"',
      'og:description': 'Hello',
      'og:url': 'https://wave.example/tweet/1',
      'og:image': 'https://wave.example/objects/uploads/a/display',
      'article:published_time': '2026-03-03T12:00:00.000Z',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Ada Lovelace on Wave: "Hello"',
      'twitter:description': 'Hello',
      'twitter:image': 'https://wave.example/objects/uploads/a/display',
    });
    const [script, ...others] = elements(sut, 'script');
    expect(others).toEqual([]);
    expect(script?.attribs['type']).toBe('application/ld+json');
    expect(JSON.parse(DomUtils.textContent(script!))).toEqual(head().jsonLd);
  });

  it('marks every element it writes, the title and description by their role', () => {
    const document = parsed(renderPageHead(head({ noIndex: true })));
    const all = DomUtils.findAll((element) => element.name !== 'html', document.children).filter(
      (element) => !['head', 'body'].includes(element.name),
    );
    expect(all.length).toBeGreaterThan(10);
    for (const element of all) expect(element.attribs).toHaveProperty('data-page-meta');
    expect(elements(renderPageHead(head()), 'title')[0]?.attribs['data-page-meta']).toBe('title');
  });

  it('gives a small card without a picture of the subject, and no image tags without an image', () => {
    expect(metaContent(renderPageHead(head({ largeImage: false })), 'name', 'twitter:card')).toBe(
      'summary',
    );
    const sut = renderPageHead(head({ image: null }));
    expect(metaContent(sut, 'name', 'twitter:card')).toBe('summary');
    expect(metaContent(sut, 'property', 'og:image')).toBeUndefined();
    expect(metaContent(sut, 'name', 'twitter:image')).toBeUndefined();
  });

  it('keeps a private page out of search results, and has no JSON-LD without data', () => {
    const sut = renderPageHead(head({ noIndex: true, jsonLd: null }));
    expect(metaContent(sut, 'name', 'robots')).toBe('noindex');
    expect(elements(sut, 'script')).toEqual([]);
    expect(metaContent(renderPageHead(head()), 'name', 'robots')).toBeUndefined();
  });

  it('keeps hostile text as text: no element, attribute or comment comes out of it', () => {
    const sut = renderPageHead(
      head({
        title: HOSTILE,
        description: HOSTILE,
        url: `https://wave.example/tweet/${HOSTILE}`,
        image: `https://wave.example/${HOSTILE}`,
        properties: [['profile:username', HOSTILE]],
        jsonLd: { '@type': 'SocialMediaPosting', headline: HOSTILE, articleBody: '\u2028\u2029' },
      }),
    );
    const document = parsed(sut);

    expect(DomUtils.findAll((element) => element.name === 'img', document.children)).toEqual([]);
    expect(elements(sut, 'script').map((script) => script.attribs['type'])).toEqual([
      'application/ld+json',
    ]);
    expect(sut).not.toContain('<!--');
    expect(sut).not.toMatch(/<\/script>.*<\/script>/s);
    expect(DomUtils.textContent(elements(sut, 'title'))).toBe(HOSTILE);
    for (const name of ['og:title', 'og:description', 'profile:username']) {
      expect(metaContent(sut, 'property', name)).toBe(HOSTILE);
    }
    // Attributes stay whole: quotes and angle brackets are character references.
    expect(sut).not.toContain('"><');
    expect(sut).toContain('&quot;&gt;&lt;script&gt;');

    const json = DomUtils.textContent(elements(sut, 'script'));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({
      '@type': 'SocialMediaPosting',
      headline: HOSTILE,
      articleBody: '\u2028\u2029',
    });
  });
});

describe(summarize.name, () => {
  it('puts a text on one line and keeps a short one whole', () => {
    expect(summarize('  Hello,\n\n  Wave!  ')).toBe('Hello, Wave!');
    const text = 'x'.repeat(DESCRIPTION_MAX_LENGTH);
    expect(summarize(text)).toBe(text);
  });

  it('cuts a long one at a word, within 160 characters, with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const sut = summarize(words);
    expect(Array.from(sut).length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(sut).toMatch(/ word\d+\.\.\.$/);
    expect(words.startsWith(sut.slice(0, -3))).toBe(true);
  });

  it('cuts a long word where it stands, and never splits an emoji', () => {
    expect(summarize('y'.repeat(400))).toBe(`${'y'.repeat(157)}...`);
    const sut = summarize('🌊'.repeat(200));
    expect(sut).toBe(`${'🌊'.repeat(157)}...`);
  });
});
