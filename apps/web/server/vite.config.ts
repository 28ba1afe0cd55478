import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The page renderer's production server (main.ts) as one CommonJS file for Node 20, with
 * everything it uses bundled in (htmlparser2, entities, zod, the client's pure helpers): the
 * image needs no node_modules. Built by `nx run web:build` beside the client, into
 * dist/apps/page-meta (never into dist/apps/web, which is served as it is).
 */
export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'main.ts',
    outDir: `${workspace}dist/apps/page-meta`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      output: { format: 'cjs', entryFileNames: 'main.js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
