export const CONTENT_FORMATS = ['text', 'markdown', 'html'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** A tag, comment or doctype of HTML (the elements a page's text is made of, not any `<word>`). */
const HTML_MARKUP =
  /<(?:!doctype[\s>]|!--|\/?(?:a|abbr|article|aside|audio|b|blockquote|body|br|button|caption|cite|code|dd|details|div|dl|dt|em|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|i|iframe|img|input|label|li|link|main|mark|meta|nav|noscript|ol|p|picture|pre|q|s|section|small|source|span|strong|style|sub|summary|sup|svg|table|tbody|td|template|th|thead|time|title|tr|u|ul|video)(?=[\s/>]))/i;

/** Constructs only Markdown has: ATX and setext headings, lists, quotes, fences, links, images, strong text, code. */
const MARKDOWN_SYNTAX = new RegExp(
  [
    /^ {0,3}#{1,6}[ \t]+\S/.source,
    /^ {0,3}(?:=+|-{2,})[ \t]*$/.source,
    /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/.source,
    /^ {0,3}>/.source,
    /^ {0,3}(?:```|~~~)/.source,
    /!?\[[^[\]\n]*\]\(/.source,
    /(?:\*\*|__)\S[^\n]*?(?:\*\*|__)/.source,
    /`[^`\n]+`/.source,
  ].join('|'),
  'm',
);

/**
 * What a page's content is written in: HTML when it starts with markup, Markdown when it has
 * Markdown's constructs or HTML inside text (Markdown allows both), plain text otherwise.
 */
export function detectContentFormat(content: string): ContentFormat {
  const hasMarkup = HTML_MARKUP.test(content);
  if (hasMarkup && content.trimStart().startsWith('<')) return 'html';
  if (hasMarkup || MARKDOWN_SYNTAX.test(content)) return 'markdown';
  return 'text';
}
