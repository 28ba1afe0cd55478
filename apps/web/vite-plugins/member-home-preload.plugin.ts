import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = NonNullable<IndexHtmlTransformContext['chunk']>;

/** The home page's module, a chunk of its own (the router loads it lazily). */
const HOME_PAGE_MODULE = /\/src\/features\/tweets\/components\/home-page\.tsx$/;

const chunks = (bundle: OutputBundle): OutputChunk[] =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** The files a chunk needs before it runs: itself and what it imports, statically, in depth. */
export function staticClosure(bundle: OutputBundle, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const output = bundle[name];
    if (seen.has(name) || output?.type !== 'chunk') return;
    seen.add(name);
    output.imports.forEach(visit);
  };
  visit(fileName);
  return seen;
}

/**
 * The files of the home page that the entry does not already bring, in the bundle's order:
 * what a returning member's first visit to `/` would otherwise ask for only once the entry has
 * run (the router's lazy import). None when the build has no such chunk.
 */
export function homePageFiles(bundle: OutputBundle, entryFileName: string): string[] {
  const home = chunks(bundle).find((chunk) => HOME_PAGE_MODULE.test(chunk.facadeModuleId ?? ''));
  if (!home) return [];
  const brought = staticClosure(bundle, entryFileName);
  return [...staticClosure(bundle, home.fileName)].filter((name) => !brought.has(name));
}

/** A file name as an attribute value (Rollup's names need none of this; a name is not trusted). */
const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The inline script that, when the page is the home page and the member hint (app/warm-start.ts)
 * says its reader is a member, starts the page's first `reads` (GETs, kept by path in
 * `window.__waveEarlyReads` for lib/api-client.ts to take over) and asks for `files` alongside
 * the entry, as module preloads. Both would otherwise wait for the entry to load and run. A
 * visitor, or any other page, asks for nothing more.
 */
export function memberHomePreloadScript(
  files: readonly string[],
  hintCookie: string,
  reads: readonly string[],
): string {
  // The preloads as markup, inserted in one go: eleven links appended one by one took 12 ms of
  // the page's first task on this machine (median of 12 loads), inserted as markup 6 ms.
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)
    .join('');
  return [
    '',
    "      // A returning member's home page: its reads and its code start with the entry's, not",
    '      // after it (vite-plugins/member-home-preload.plugin.ts).',
    '      (function () {',
    "        if (location.pathname !== '/') return;",
    `        if (!/(?:^|;\\s*)${hintCookie}=1(?:;|$)/.test(document.cookie)) return;`,
    '        var reads = (window.__waveEarlyReads = {});',
    `        ${JSON.stringify(reads)}.forEach(function (path) {`,
    "          reads[path] = fetch(path, { credentials: 'include' });",
    '          // Whoever takes it handles its failure; one nobody takes fails silently.',
    '          reads[path].catch(function () {});',
    '        });',
    // `<` written as an escape: no markup, and never a `</script>`, in the script's own text.
    `        document.head.insertAdjacentHTML('beforeend', ${JSON.stringify(links).replace(/</g, '\\u003c')});`,
    '      })();',
    '    ',
  ].join('\n');
}

/**
 * Adds that script to the built index.html (the Content-Security-Policy plugin hashes it with
 * the others), after the entry's script and preloads (which matter more) and before its
 * stylesheet: a classic script placed after a stylesheet waits for it, and this one is to run as
 * soon as it is parsed. In development nothing is added: the dev
 * server serves modules one by one.
 */
export const memberHomePreload = (hintCookie: string, reads: readonly string[]): Plugin => ({
  name: 'wave:member-home-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context): string {
      if (!context.bundle || !context.chunk) return html;
      const files = homePageFiles(context.bundle, context.chunk.fileName);
      const stylesheet = html.indexOf('<link rel="stylesheet"');
      if (files.length === 0 || stylesheet < 0) {
        throw new Error('member-home-preload: no home page chunk, or no stylesheet, in the build');
      }
      const script = `<script>${memberHomePreloadScript(files, hintCookie, reads)}</script>\n    `;
      return html.slice(0, stylesheet) + script + html.slice(stylesheet);
    },
  },
});
