import { escapeUTF8 } from 'entities';
import {
  PAGE_META_ATTRIBUTE,
  PAGE_META_DESCRIPTION,
  PAGE_META_TITLE,
} from '../../src/lib/page-meta.ts';
import type { JsonLd } from '../../src/lib/structured-data.ts';
import { serializeJsonLd, SITE_NAME } from '../../src/lib/structured-data.ts';

/** What a page says about itself in its head. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical address: absolute, on the configured public origin. */
  url: string;
  /** Open Graph type. */
  type: 'article' | 'profile' | 'website';
  /** An absolute image URL, or null. */
  image: string | null;
  /** The image is the page's subject (a post's picture), not a face or an icon: a large card. */
  largeImage: boolean;
  /** Further Open Graph properties (`profile:username`). */
  properties: ReadonlyArray<readonly [property: string, content: string]>;
  jsonLd: JsonLd | null;
  /** Keep the page out of search results (a private community). */
  noIndex: boolean;
}

/** A description's length at most (code points, the ellipsis included), as search engines show. */
export const DESCRIPTION_MAX_LENGTH = 160;
const ELLIPSIS = '...';

/** A text on one line, cut at a word near 160 characters with an ellipsis. */
export function summarize(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= max) return characters.join('');
  const cut = characters.slice(0, max - ELLIPSIS.length).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  // A text without spaces near the end (a long link, a long word) is cut where it stands.
  const kept = atWord.length >= cut.length * 0.6 ? atWord : cut;
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/** Text and attribute values: `&`, `<`, `>`, `"` and `'` as character references. */
const escape = (value: string): string => escapeUTF8(value);

const marker = (role?: string): string =>
  role === undefined ? PAGE_META_ATTRIBUTE : `${PAGE_META_ATTRIBUTE}="${role}"`;

const meta = (key: 'name' | 'property', name: string, content: string): string =>
  `<meta ${key}="${escape(name)}" content="${escape(content)}" ${marker()} />`;

/**
 * The head markup of a page: its title and description (in place of index.html's), the
 * canonical link, Open Graph and Twitter card tags, and its JSON-LD. Every value is escaped
 * (text and attributes alike); the JSON-LD is serialised so that nothing in it can close its
 * script element. Each element carries `data-page-meta`, so the client can tell them from
 * its own (src/lib/page-meta.ts).
 */
export function renderPageHead(head: PageHead): string {
  const card = head.image !== null && head.largeImage ? 'summary_large_image' : 'summary';
  const tags = [
    `<title ${marker(PAGE_META_TITLE)}>${escape(head.title)}</title>`,
    `<meta name="description" content="${escape(head.description)}" ${marker(PAGE_META_DESCRIPTION)} />`,
    ...(head.noIndex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escape(head.url)}" ${marker()} />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...(head.image === null ? [] : [meta('property', 'og:image', head.image)]),
    ...head.properties.map(([property, content]) => meta('property', property, content)),
    meta('name', 'twitter:card', card),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image === null ? [] : [meta('name', 'twitter:image', head.image)]),
    ...(head.jsonLd === null
      ? []
      : [
          `<script type="application/ld+json" ${marker()}>${serializeJsonLd(head.jsonLd)}</script>`,
        ]),
  ];
  return tags.join('\n    ');
}
