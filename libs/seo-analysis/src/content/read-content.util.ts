import MarkdownIt from 'markdown-it';
import type { ContentFormat } from './content-format.util';
import { detectContentFormat } from './content-format.util';
import type { PageText } from './page-text.parser';
import { readPageText } from './page-text.parser';

/**
 * Markdown as CommonMark with GitHub's tables and strikethrough, bare URLs as links, and raw HTML
 * passed through to the HTML reader (which only reads it: nothing is rendered or run).
 */
const markdown = new MarkdownIt('default', { html: true, linkify: true });

/** Plain text: paragraphs at blank lines, line breaks kept, bare URLs as links, nothing else. */
const plainText = new MarkdownIt('zero', { linkify: true, breaks: true }).enable([
  'linkify',
  'newline',
]);

export interface ContentText extends PageText {
  format: ContentFormat;
}

/** Reads a page's content, plain text, Markdown or HTML, into its text, headings, images and links. */
export function readContent(content: string): ContentText {
  const format = detectContentFormat(content);
  const html =
    format === 'html'
      ? content
      : format === 'markdown'
        ? markdown.render(content)
        : plainText.render(content);
  return { format, ...readPageText(html) };
}
