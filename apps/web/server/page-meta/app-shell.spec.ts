// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import { SITE_DESCRIPTION, SITE_NAME } from '../../src/lib/structured-data';
import { inlineScriptHashes } from '../../vite-plugins/content-security-policy.plugin';
import { parseAppShell } from './app-shell';

const INDEX_HTML = readFileSync(
  fileURLToPath(new URL('../../index.html', import.meta.url)),
  'utf8',
);
const MARKUP = '<title data-page-meta="title">A post</title>\n    <meta name="og:x" content="y" />';

describe(parseAppShell.name, () => {
  it("replaces index.html's title and description with a page's markup, at the title's place", () => {
    const sut = parseAppShell(INDEX_HTML).withHead(MARKUP);
    const document = parseDocument(sut);
    const head = DomUtils.findOne((element) => element.name === 'head', document.children)!;

    const titles = DomUtils.findAll((element) => element.name === 'title', head.children);
    expect(titles.map((title) => DomUtils.textContent(title))).toEqual(['A post']);
    expect(
      DomUtils.findAll(
        (element) => element.name === 'meta' && element.attribs['name'] === 'description',
        head.children,
      ),
    ).toEqual([]);
    expect(sut).toContain(`${MARKUP}\n    <script>`);
    // Nothing else moves.
    expect(sut.replace(MARKUP, '')).toBe(
      INDEX_HTML.replace('<title>Wave</title>', '').replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
        '',
      ),
    );
  });

  it('keeps the inline scripts byte for byte, so the policy built from index.html still allows them', () => {
    const sut = parseAppShell(INDEX_HTML);
    expect(inlineScriptHashes(sut.withHead(MARKUP))).toEqual(inlineScriptHashes(INDEX_HTML));
    expect(sut.html).toBe(INDEX_HTML);
  });

  it("agrees with the client on the site's own title and description (src/lib/page-meta.ts)", () => {
    const head = parseDocument(INDEX_HTML).children;
    const title = DomUtils.findOne((element) => element.name === 'title', head);
    const description = DomUtils.findOne(
      (element) => element.name === 'meta' && element.attribs['name'] === 'description',
      head,
    );
    expect(title && DomUtils.textContent(title)).toBe(SITE_NAME);
    expect(description?.attribs['content']).toBe(SITE_DESCRIPTION);
  });

  it('works whichever comes first, and refuses a head without a title or description', () => {
    const html = '<html><head><title>T</title><meta name="description" content="D"></head></html>';
    expect(parseAppShell(html).withHead('<x>')).toBe('<html><head><x></head></html>');
    expect(() => parseAppShell('<html><head><title>T</title></head></html>')).toThrow(
      /description/,
    );
    expect(() =>
      parseAppShell(
        '<html><head></head><body><title>T</title><meta name="description"></body></html>',
      ),
    ).toThrow(/title/);
  });
});
