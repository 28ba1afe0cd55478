import { Parser } from 'htmlparser2';
import type { LinkPreview } from '@wave/contracts';
import { URL_MAX_LENGTH } from '@wave/contracts';

/**
 * What the server read from a page, as it is cached and stored with a post:
 * a LinkPreview without the link to its picture, which is made when answering.
 */
export type PagePreview = Omit<LinkPreview, 'imageProxyUrl'>;

export const TITLE_MAX_LENGTH = 300;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const SITE_NAME_MAX_LENGTH = 200;

/** The meta tags we read (by `property` or `name`), lower case. */
const META_KEYS: ReadonlySet<string> = new Set([
  'og:title',
  'og:description',
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'og:site_name',
  'og:url',
  'twitter:title',
  'twitter:description',
  'twitter:image',
  'twitter:image:src',
  'description',
]);

const TITLE_KEYS = ['og:title', 'twitter:title'] as const;
const DESCRIPTION_KEYS = ['og:description', 'twitter:description', 'description'] as const;
const IMAGE_KEYS = [
  'og:image',
  'og:image:secure_url',
  'og:image:url',
  'twitter:image',
  'twitter:image:src',
] as const;

/**
 * Reads a page's preview as its HTML streams in (entities decoded): Open Graph
 * first, then Twitter cards, then `<title>` and `<meta name="description">`.
 * It is `done` at `</head>` or `<body>`; nothing after that is read.
 */
export class LinkPreviewParser {
  private readonly meta = new Map<string, string>();
  /** The first `<title>`, once closed. */
  private title: string | null = null;
  /** The text of the `<title>` being read. */
  private titleText: string | null = null;
  private finished = false;
  private readonly parser = new Parser(
    {
      onopentag: (name, attributes) => this.openTag(name, attributes),
      ontext: (text) => {
        if (!this.finished && this.titleText !== null) this.titleText += text;
      },
      onclosetag: (name) => this.closeTag(name),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  /** True once the head is over: stop writing. */
  get done(): boolean {
    return this.finished;
  }

  write(html: string): void {
    if (!this.finished) this.parser.write(html);
  }

  /** The preview of the page at pageUrl (the final URL, after redirects). */
  result(pageUrl: string): PagePreview {
    if (!this.finished) this.parser.end();
    const page = new URL(pageUrl);
    return {
      url: this.canonicalUrl(page),
      title: clip(this.first(TITLE_KEYS) ?? clean(this.title ?? this.titleText), TITLE_MAX_LENGTH),
      description: clip(this.first(DESCRIPTION_KEYS), DESCRIPTION_MAX_LENGTH),
      image: this.image(page),
      siteName: clip(clean(this.meta.get('og:site_name')) ?? page.hostname, SITE_NAME_MAX_LENGTH),
    };
  }

  private openTag(name: string, attributes: Record<string, string>): void {
    if (this.finished) return;
    if (name === 'body') {
      this.finish();
    } else if (name === 'meta') {
      const key = (attributes['property'] ?? attributes['name'] ?? '').trim().toLowerCase();
      const content = attributes['content'];
      if (META_KEYS.has(key) && content !== undefined && !this.meta.has(key)) {
        if (clean(content) !== null) this.meta.set(key, content);
      }
    } else if (name === 'title' && this.title === null && this.titleText === null) {
      this.titleText = '';
    }
  }

  private closeTag(name: string): void {
    if (this.finished) return;
    if (name === 'title' && this.titleText !== null) {
      this.title = this.titleText;
      this.titleText = null;
    } else if (name === 'head') {
      this.finish();
    }
  }

  private finish(): void {
    this.finished = true;
    this.parser.pause();
  }

  private first(keys: readonly string[]): string | null {
    for (const key of keys) {
      const value = clean(this.meta.get(key));
      if (value !== null) return value;
    }
    return null;
  }

  private image(page: URL): string | null {
    for (const key of IMAGE_KEYS) {
      const value = this.meta.get(key);
      const url = value === undefined ? null : httpUrl(value, page);
      if (url !== null) return url;
    }
    return null;
  }

  /** og:url when it stays on the same host (a canonical form of the page), else the page's URL. */
  private canonicalUrl(page: URL): string {
    const value = this.meta.get('og:url');
    const canonical = value === undefined ? null : httpUrl(value, page);
    if (canonical !== null && new URL(canonical).hostname === page.hostname) return canonical;
    return page.href;
  }
}

/** The preview of a whole HTML document. */
export function parseLinkPreview(html: string, pageUrl: string): PagePreview {
  const parser = new LinkPreviewParser();
  parser.write(html);
  return parser.result(pageUrl);
}

/** Whitespace and control characters collapsed to single spaces, trimmed; empty is null. */
function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return text === '' ? null : text;
}

/** At most max code points (an emoji is never cut in half). */
function clip(value: string | null, max: number): string | null {
  if (value === null) return null;
  const codePoints = [...value];
  return codePoints.length <= max ? value : codePoints.slice(0, max).join('').trimEnd();
}

/** An absolute http(s) URL (relative ones resolved against the page), or null. */
function httpUrl(value: string, page: URL): string | null {
  const text = clean(value);
  if (text === null) return null;
  try {
    const url = new URL(text, page);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url.href.length <= URL_MAX_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}
