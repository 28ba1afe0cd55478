import { Parser } from 'htmlparser2';
import { escapeXml, sitemapIndexXml, urlSetXml, w3cDatetime } from './sitemap-xml.util';

/** The `<loc>` texts of a document as an XML parser decodes them. */
function locsOf(xml: string): string[] {
  const locs: string[] = [];
  let inLoc = false;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (name === 'loc') {
          inLoc = true;
          locs.push('');
        }
      },
      ontext: (text) => {
        if (inLoc) locs[locs.length - 1] += text;
      },
      onclosetag: (name) => {
        if (name === 'loc') inLoc = false;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return locs;
}

describe(escapeXml.name, () => {
  it('escapes the five characters XML gives meaning', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops what XML 1.0 cannot carry, and keeps tabs, line breaks and whole emoji', () => {
    expect(escapeXml('a\u0000b\u0008c\u000bd\u001fe\ufffff')).toBe('abcdef');
    expect(escapeXml('x\ud800y\udc00z')).toBe('xyz');
    expect(escapeXml('\t\n\r😀é')).toBe('\t\n\r😀é');
  });
});

describe(w3cDatetime.name, () => {
  it('writes UTC to the second', () => {
    expect(w3cDatetime(new Date('2026-05-01T12:30:45.678+02:00'))).toBe('2026-05-01T10:30:45Z');
  });
});

describe(urlSetXml.name, () => {
  it('writes a urlset in the sitemaps namespace, each URL with its lastmod', () => {
    expect(
      urlSetXml([
        { loc: 'https://wave.test/tweet/1', lastmod: new Date('2026-05-01T00:00:00Z') },
        { loc: 'https://wave.test/profile/2', lastmod: null },
      ]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://wave.test/tweet/1</loc><lastmod>2026-05-01T00:00:00Z</lastmod></url>',
        '<url><loc>https://wave.test/profile/2</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('keeps a URL that holds markup as text, which a parser reads back as it was', () => {
    const loc = 'https://wave.test/a?x=1&y=<2>"\'</loc><loc>evil';
    const xml = urlSetXml([{ loc, lastmod: null }]);
    expect(xml).not.toContain('</loc><loc>evil');
    expect(locsOf(xml)).toEqual([loc]);
  });
});

describe(sitemapIndexXml.name, () => {
  it('writes a sitemapindex of sitemaps', () => {
    const xml = sitemapIndexXml([
      { loc: 'https://wave.test/sitemaps/profiles-1.xml', lastmod: null },
      { loc: 'https://wave.test/sitemaps/posts-3.xml', lastmod: null },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://wave.test/sitemaps/posts-3.xml</loc></sitemap>');
    expect(locsOf(xml)).toEqual([
      'https://wave.test/sitemaps/profiles-1.xml',
      'https://wave.test/sitemaps/posts-3.xml',
    ]);
  });
});
