import type { Plugin } from 'vite';

/** The name of the meta tag that carries the build's id. */
export const BUILD_ID_META = 'wave-build';

/**
 * Names the build in index.html (`<meta name="wave-build" content="…">`): which release a page
 * runs, to be read in the browser (support, the browser test that deploys a second build and
 * watches the page move onto it). A different id makes a different index.html, and so a new
 * service worker (its precache lists index.html's revision).
 */
export const buildId = (id: string): Plugin => ({
  name: 'wave:build-id',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { name: BUILD_ID_META, content: id }, injectTo: 'head' },
  ],
});
