import { Parser } from 'htmlparser2';
import type { PublicPageKind } from './public-page.util';

/** What a crawler reads in a page's head: its title, description, canonical address and JSON-LD. */
export interface PageSnapshot {
  title: string;
  description: string;
  canonical: string | null;
  /** Whether a robots meta tag asks crawlers not to index the page. */
  noIndex: boolean;
  /** Each JSON-LD block that parsed (a broken one is left out). */
  jsonLd: unknown[];
}

/** Reads the head of a page as a crawler does (htmlparser2: nothing is run or fetched). */
export function parsePageSnapshot(html: string): PageSnapshot {
  const snapshot: PageSnapshot = {
    title: '',
    description: '',
    canonical: null,
    noIndex: false,
    jsonLd: [],
  };
  let inTitle = false;
  let sawTitle = false;
  let jsonLdText: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !sawTitle) inTitle = true;
        else if (name === 'meta' && attributes['name']?.toLowerCase() === 'description') {
          snapshot.description = (attributes['content'] ?? '').trim();
        } else if (
          name === 'meta' &&
          ['robots', 'googlebot'].includes(attributes['name']?.toLowerCase() ?? '') &&
          /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/i.test(attributes['content'] ?? '')
        ) {
          snapshot.noIndex = true;
        } else if (name === 'link' && attributes['rel']?.toLowerCase() === 'canonical') {
          snapshot.canonical = attributes['href'] ?? null;
        } else if (name === 'script' && attributes['type'] === 'application/ld+json') {
          jsonLdText = '';
        }
      },
      ontext(text) {
        if (inTitle) snapshot.title += text;
        else if (jsonLdText !== null) jsonLdText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          sawTitle = true;
          snapshot.title = snapshot.title.replace(/\s+/g, ' ').trim();
        } else if (name === 'script' && jsonLdText !== null) {
          try {
            snapshot.jsonLd.push(JSON.parse(jsonLdText));
          } catch {
            // Markup a crawler could not read either: nothing to take from it.
          }
          jsonLdText = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return snapshot;
}

/** What Auto-SEO analyses of a page, and whose page it is. */
export interface PageReading {
  ownerId: string | null;
  title: string;
  description: string;
  /** The page's own text, as its structured data gives it to crawlers. */
  content: string;
  /** The page's address on the site (its canonical link's path, the path viewed otherwise). */
  url: string;
}

/** The path of a page's canonical link (`https://site/tweet/1` is `/tweet/1`), or null. */
function canonicalPath(canonical: string | null): string | null {
  if (!canonical) return null;
  try {
    return new URL(canonical, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const uuid = (value: unknown): string | null =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;

/** The first JSON-LD object of a type (`SocialMediaPosting`, `ProfilePage`). */
function ofType(snapshot: PageSnapshot, type: string): Record<string, unknown> | null {
  for (const block of snapshot.jsonLd) {
    for (const item of Array.isArray(block) ? block : [block]) {
      const object = record(item);
      if (object?.['@type'] === type) return object;
    }
  }
  return null;
}

/**
 * The page as Auto-SEO reads it: a post's text and author from its SocialMediaPosting, a
 * profile's bio and member from its ProfilePage, a community's description (its page has no
 * structured data, and says nothing of who owns it). The owner is only ever what the page's
 * own markup says, which the web server writes from the services' answers.
 */
export function readPage(
  kind: PublicPageKind,
  snapshot: PageSnapshot,
  fallbackUrl: string,
): PageReading {
  const base = {
    title: snapshot.title,
    description: snapshot.description,
    url: canonicalPath(snapshot.canonical) ?? fallbackUrl,
  };
  switch (kind) {
    case 'post': {
      const posting = ofType(snapshot, 'SocialMediaPosting');
      return {
        ...base,
        ownerId: uuid(record(posting?.['author'])?.['identifier']),
        content: text(posting?.['articleBody']) || text(posting?.['headline']),
      };
    }
    case 'profile': {
      const person = record(ofType(snapshot, 'ProfilePage')?.['mainEntity']);
      return {
        ...base,
        ownerId: uuid(person?.['identifier']),
        content: text(person?.['description']),
      };
    }
    case 'community':
      return { ...base, ownerId: null, content: snapshot.description };
  }
}
