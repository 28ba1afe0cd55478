import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { parseAppShell } from '../server/page-meta/app-shell.ts';
import { createGatewayReader } from '../server/page-meta/gateway-reader.ts';
import { loadPageMetaConfig } from '../server/page-meta/page-meta.config.ts';
import { pageMetaMiddleware } from '../server/page-meta/page-meta.middleware.ts';
import { createPageRenderer } from '../server/page-meta/page-renderer.ts';
import { renderRobotsTxt, robotsTxtMiddleware } from '../server/page-meta/robots-txt.ts';

/**
 * `vite preview` (`npm start`, the whole-stack and browser tests) renders the public pages'
 * head markup with the same renderer as production's Node server beside nginx
 * (apps/web/server): /tweet/…, /profile/… and /community/… get their own title, description,
 * canonical link, Open Graph and Twitter tags and JSON-LD before the single-page app's
 * fallback would serve the plain index.html. It runs after the Content-Security-Policy
 * plugin, so those pages carry the policy too. /robots.txt names the sitemap index by its full
 * URL on PUBLIC_ORIGIN, as production's server writes it.
 */
export const pageMeta = (env: Record<string, string | undefined>): Plugin => ({
  name: 'wave:page-meta',
  configurePreviewServer(server) {
    const { root, build, logger } = server.config;
    const config = loadPageMetaConfig(env);
    const file = resolve(root, build.outDir, 'index.html');
    let html: string;
    try {
      html = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${file} is missing or unreadable: build the web app again`, {
        cause: error,
      });
    }
    const render = createPageRenderer({
      shell: parseAppShell(html),
      read: createGatewayReader(config),
      publicOrigin: config.publicOrigin,
      onUnavailable: (path, reason) =>
        logger.warn(`page-meta: ${path} sent without its markup: ${reason}`, { timestamp: true }),
    });
    server.middlewares.use(pageMetaMiddleware(render) as Connect.NextHandleFunction);
    const robotsTxt = renderRobotsTxt(
      readFileSync(resolve(root, build.outDir, 'robots.txt'), 'utf8'),
      config.publicOrigin,
    );
    server.middlewares.use(robotsTxtMiddleware(robotsTxt) as Connect.NextHandleFunction);
  },
});
