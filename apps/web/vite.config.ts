import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import compression from 'compression';
import type { Connect, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { buildId } from './vite-plugins/build-id.plugin.ts';
import { contentSecurityPolicy } from './vite-plugins/content-security-policy.plugin.ts';
import { memberHomePreload } from './vite-plugins/member-home-preload.plugin.ts';
import { pageMeta } from './vite-plugins/page-meta.plugin.ts';
import { MEMBER_HINT_COOKIE, MEMBER_HOME_READS } from './src/app/member-home.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));
const gateway = process.env['GATEWAY_URL'] ?? 'http://127.0.0.1:3000';
/** Names the release in index.html (set at build time; `local` otherwise). */
const release = process.env['WAVE_BUILD_ID'] || 'local';

/**
 * The worker's own addition to the generated /sw.js (it says SW_UPDATED when it activates),
 * imported by its URL with its content's hash: a changed file changes sw.js, hence an update.
 */
const WORKER_ADDITION = 'sw-updated.js';
const workerAdditionUrl = `/${WORKER_ADDITION}?v=${createHash('sha256')
  .update(readFileSync(`${root}public/${WORKER_ADDITION}`))
  .digest('hex')
  .slice(0, 12)}`;

/**
 * /api and /objects reach the gateway on the web app's own origin, so cookies just work; so do
 * the sitemaps (analytics), which crawlers want on the site's origin.
 */
const proxy = {
  '/api': { target: gateway, changeOrigin: false, xfwd: true },
  '/objects': { target: gateway, changeOrigin: false, xfwd: true },
  '^/sitemap\\.xml(?:\\?|$)': { target: gateway, changeOrigin: false, xfwd: true },
  '/sitemaps/': { target: gateway, changeOrigin: false, xfwd: true },
};

/**
 * `vite preview` (what `npm start` serves) compresses as the production web server does (nginx,
 * `gzip_proxied any`): the app's own files and the API's JSON answers. Streams (server-sent
 * events) and /objects (images, compressed already) pass through untouched.
 */
const compressStaticFiles = (): Plugin => ({
  name: 'wave:compress-static-files',
  configurePreviewServer(server) {
    const compress = compression({
      filter: (req, res) => {
        const url = req.url ?? '';
        if (url.startsWith('/objects/')) return false;
        if (url.startsWith('/api/')) {
          const type = String(res.getHeader('content-type') ?? '');
          if (!type.startsWith('application/json')) return false;
        }
        return compression.filter(req, res);
      },
    });
    // The middleware is typed for Express; it only uses what Node's request and response have.
    server.middlewares.use(compress as unknown as Connect.NextHandleFunction);
  },
});

/**
 * React Router 7's package exports name its development build for every bundle, production ones
 * included (remix-run/react-router#12532, "intended to be temporary"; #14753): its warnings and
 * their checks shipped to every reader. A production build takes the production files, which the
 * package carries beside them and differ only in that switch.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: `${workspace}node_modules/react-router/dist/production/index.mjs`,
};

export default defineConfig(({ mode }) => ({
  root,
  plugins: [
    compressStaticFiles(),
    contentSecurityPolicy(),
    // After the policy, which it then carries: the public pages' head markup for crawlers.
    pageMeta(process.env),
    buildId(release),
    memberHomePreload(MEMBER_HINT_COOKIE, MEMBER_HOME_READS),
    react(),
    tailwindcss(),
    VitePWA({
      // The worker at /sw.js precaches the shell and serves it offline; the app registers
      // it itself and runs the update flow (src/app/pwa): a new worker waits ('prompt': no
      // skipWaiting of its own) until the app sends SKIP_WAITING, which it does by itself once
      // no unsent text would be lost; the page then reloads once.
      strategies: 'generateSW',
      filename: 'sw.js',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.png'],
      manifest: {
        name: 'Wave',
        short_name: 'Wave',
        description: 'A social platform for authentic connections.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1120',
        theme_color: '#0b1120',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        // Not the app's pages: the API, uploads, and what crawlers read (robots.txt is written
        // by the server with the site's origin; the sitemaps come from analytics).
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/objects\//,
          /^\/robots\.txt$/,
          /^\/sitemap\.xml$/,
          /^\/sitemaps\//,
        ],
        globPatterns: ['**/*.{js,css,html,png,svg,ico,txt,webmanifest}'],
        // The server writes robots.txt with the site's origin: never answered from a cache.
        // Nor the worker's own script, which the browser keeps with the worker.
        globIgnores: ['**/node_modules/**/*', 'robots.txt', WORKER_ADDITION],
        cleanupOutdatedCaches: true,
        importScripts: [workerAdditionUrl],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@wave/contracts', replacement: `${workspace}libs/contracts/src/index.ts` },
      ...(mode === 'production' ? [reactRouterProduction] : []),
    ],
  },
  build: {
    outDir: `${workspace}dist/apps/web`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What every page loads first (the entry's static imports) is one file rather than a
        // dozen: each file is a request, and on HTTP/1.1 a browser opens six at a time.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: { port: 5173, host: '127.0.0.1', proxy },
  preview: { port: 8080, host: '127.0.0.1', strictPort: true, proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.spec.{ts,tsx}', 'vite-plugins/**/*.spec.ts', 'server/**/*.spec.ts'],
    css: false,
  },
}));
