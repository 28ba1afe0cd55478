import { Parser } from 'htmlparser2';

/**
 * A block of a page's text: a heading, running text (a paragraph, a list item, a table cell…)
 * or code (a `<pre>` block). Line breaks inside a block are kept as `\n`.
 */
export interface TextBlock {
  kind: 'heading' | 'text' | 'code';
  text: string;
}

/** What a page shows a reader, read from its HTML. */
export interface PageText {
  blocks: TextBlock[];
  /** The alt text of each image, in order (null when it has none, or only white space). */
  imageAlts: (string | null)[];
  /** Links that lead somewhere (`<a href>`, not empty nor `javascript:`). */
  linkCount: number;
}

const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Elements whose content is not text a reader sees on the page: scripts and styles, the title
 * (analysed on its own), fallbacks (`noscript` repeats the page's images) and embedded documents.
 */
const HIDDEN: ReadonlySet<string> = new Set([
  'canvas',
  'iframe',
  'math',
  'noscript',
  'object',
  'script',
  'style',
  'svg',
  'template',
  'title',
]);

/** Elements that start and end a block of text. */
const BLOCKS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

const WHITE_SPACE = /\s+/g;
const SCRIPT_URL = /^javascript:/i;

/** An `href` that leads somewhere: not empty, not a script. */
const isLink = (href: string | undefined): boolean =>
  href !== undefined && href.trim() !== '' && !SCRIPT_URL.test(href.trim());

/**
 * Reads the text, headings, images and links of an HTML document or fragment with htmlparser2,
 * as a crawler reads them: entities decoded, nothing run or fetched, scripts and styles skipped,
 * unclosed elements closed at the end. Markup stays markup: a `<script>` inside text that was
 * escaped (`&lt;script&gt;`) is text.
 */
export function readPageText(html: string): PageText {
  const blocks: TextBlock[] = [];
  const imageAlts: (string | null)[] = [];
  let linkCount = 0;
  /** How deep inside hidden elements the parser is (0: in the page). */
  let hiddenDepth = 0;
  let inHeading = false;
  let preDepth = 0;
  let buffer = '';

  const flush = (kind: TextBlock['kind']): void => {
    const text = buffer
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n');
    if (text !== '') blocks.push({ kind, text });
    buffer = '';
  };
  const currentKind = (): TextBlock['kind'] =>
    inHeading ? 'heading' : preDepth > 0 ? 'code' : 'text';

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (hiddenDepth > 0 || HIDDEN.has(name)) {
          if (HIDDEN.has(name)) hiddenDepth += 1;
          return;
        }
        if (HEADINGS.has(name)) {
          flush(currentKind());
          inHeading = true;
        } else if (BLOCKS.has(name)) {
          flush(currentKind());
          if (name === 'pre') preDepth += 1;
        } else if (name === 'br') {
          buffer += '\n';
        } else if (name === 'img') {
          const alt = attributes['alt']?.trim();
          imageAlts.push(alt ? alt : null);
        } else if (name === 'a' && isLink(attributes['href'])) {
          linkCount += 1;
        }
      },
      ontext(text) {
        if (hiddenDepth > 0) return;
        buffer += preDepth > 0 ? text : text.replace(WHITE_SPACE, ' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) {
          if (hiddenDepth > 0) hiddenDepth -= 1;
          return;
        }
        if (hiddenDepth > 0) return;
        if (HEADINGS.has(name)) {
          flush(currentKind());
          inHeading = false;
        } else if (BLOCKS.has(name)) {
          flush(currentKind());
          if (name === 'pre' && preDepth > 0) preDepth -= 1;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  flush(currentKind());
  return { blocks, imageAlts, linkCount };
}
