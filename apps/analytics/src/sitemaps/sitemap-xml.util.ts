/**
 * The XML of the sitemaps protocol (https://www.sitemaps.org/protocol.html): a `<urlset>` of
 * `<url>`s, and a `<sitemapindex>` of `<sitemap>`s, UTF-8. Every value is escaped as XML text;
 * characters XML 1.0 cannot carry at all (C0 controls but tab and line breaks, lone surrogates,
 * U+FFFE and U+FFFF) are dropped, so the document stays well-formed whatever a value holds.
 */

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Characters outside XML 1.0's `Char` production. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an element or attribute value. */
export const escapeXml = (text: string): string =>
  text.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);

/** A W3C Datetime in UTC to the second (`2026-05-01T12:30:00Z`), as `<lastmod>` takes it. */
export const w3cDatetime = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

export interface SitemapEntry {
  /** An absolute URL. */
  loc: string;
  lastmod: Date | null;
}

const entry = (element: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): string =>
  `<${element}><loc>${escapeXml(loc)}</loc>` +
  (lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : '') +
  `</${element}>`;

const document = (root: 'urlset' | 'sitemapindex', items: string[]): string =>
  [DECLARATION, `<${root} xmlns="${SITEMAP_NAMESPACE}">`, ...items, `</${root}>`, ''].join('\n');

/** A sitemap: the pages' URLs and when each last changed. */
export const urlSetXml = (urls: readonly SitemapEntry[]): string =>
  document(
    'urlset',
    urls.map((url) => entry('url', url)),
  );

/** A sitemap index: the sitemaps' URLs. */
export const sitemapIndexXml = (sitemaps: readonly SitemapEntry[]): string =>
  document(
    'sitemapindex',
    sitemaps.map((sitemap) => entry('sitemap', sitemap)),
  );
