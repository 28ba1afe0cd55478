/**
 * Finding links in post text (spec part 1, section 5, "Link detection"):
 * https URLs, or bare domains whose top-level domain is listed; the product's
 * own host and localhost are skipped; duplicates are removed. The same matcher
 * cuts a post's text into text and link parts for display, where http links
 * count too.
 */

/** A bare domain is a link only when it ends with one of these. */
export const LINK_TLDS = [
  'com',
  'org',
  'net',
  'io',
  'dev',
  'app',
  'co',
  'uk',
  'de',
  'fr',
  'edu',
  'gov',
  'me',
  'ai',
  'news',
  'blog',
  'tv',
] as const;

const TLD = `(?:${[...LINK_TLDS].sort((a, b) => b.length - a.length).join('|')})`;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** What may follow a host: a path, a query or a fragment, up to white space. */
const REST = `(?:[/?#][^\\s<>"]*)?`;
const EXPLICIT = `https?:\\/\\/[^\\s<>"]+`;
/** The TLD must end the host: not "example.community", not "example.com.au". */
const BARE = `(?:${LABEL}\\.)+${TLD}(?![a-z0-9-]|\\.[a-z0-9])(?::\\d{1,5})?${REST}`;
/** Not in the middle of a word, an e-mail address, a path or another URL. */
const START = `(?<![\\w@.\\-/])`;

const linkPattern = () => new RegExp(`${START}(?:${EXPLICIT}|${BARE})`, 'gi');

const TRAILING = /[.,;:!?'"*_~]$/;

/** Drops sentence punctuation after a link, and closing brackets it did not open. */
export function trimLinkEnd(raw: string): string {
  let candidate = raw;
  for (;;) {
    if (TRAILING.test(candidate)) {
      candidate = candidate.slice(0, -1);
      continue;
    }
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const last = candidate.at(-1) ?? '';
    const opener = pairs[last];
    if (opener && count(candidate, last) > count(candidate, opener)) {
      candidate = candidate.slice(0, -1);
      continue;
    }
    return candidate;
  }
}

const count = (text: string, char: string): number => text.split(char).length - 1;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** localhost, its subdomains and the loopback addresses. */
export const isLocalHost = (hostname: string): boolean =>
  LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');

/** The host name of a `host` or `host:port` (lowercased), '' when unreadable. */
export function hostnameOf(host: string): string {
  if (!host) return '';
  try {
    return new URL(`https://${host}`).hostname;
  } catch {
    return '';
  }
}

export interface LinkMatch {
  /** Where the link starts and ends in the text (end exclusive). */
  start: number;
  end: number;
  /** The link as written. */
  text: string;
  /** The normalised URL (bare domains become https). */
  href: string;
  /** Written with an explicit scheme. */
  explicit: boolean;
}

/** Parses a candidate into a safe http(s) URL; null when it is not one. */
function toUrl(text: string, explicit: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(explicit ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // "https://bank.com@evil.example" reads as one host and goes to another.
  if (url.username || url.password) return null;
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[')) {
    return isLocalHost(url.hostname) ? url : null;
  }
  return url;
}

/** Every link in the text, in order (http and https URLs and bare domains). */
export function findLinks(text: string): LinkMatch[] {
  const matches: LinkMatch[] = [];
  for (const match of text.matchAll(linkPattern())) {
    const written = trimLinkEnd(match[0]);
    const explicit = /^https?:\/\//i.test(written);
    if (!written || (explicit && written.length <= 'https://'.length)) continue;
    const url = toUrl(written, explicit);
    if (!url) continue;
    matches.push({
      start: match.index,
      end: match.index + written.length,
      text: written,
      href: url.href,
      explicit,
    });
  }
  return matches;
}

/**
 * The links worth a preview, in order and without duplicates: https URLs and
 * bare domains (as https), minus localhost and the product's own host
 * (`ownHost`: a host or host:port, typically `window.location.host`).
 */
export function detectLinks(text: string, ownHost: string): string[] {
  const own = hostnameOf(ownHost);
  const seen = new Set<string>();
  for (const link of findLinks(text)) {
    const url = new URL(link.href);
    if (url.protocol !== 'https:') continue;
    if (isLocalHost(url.hostname) || (own && url.hostname === own)) continue;
    seen.add(url.href);
  }
  return [...seen];
}

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** The text cut into plain parts and links (for rendering as text nodes and anchors). */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const link of findLinks(text)) {
    if (link.start > at) parts.push({ kind: 'text', text: text.slice(at, link.start) });
    parts.push({ kind: 'link', text: link.text, href: link.href });
    at = link.end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
