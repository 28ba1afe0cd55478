import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { parseAppShell } from './page-meta/app-shell.ts';
import { createGatewayReader } from './page-meta/gateway-reader.ts';
import { loadPageMetaServerConfig } from './page-meta/page-meta.config.ts';
import { pageMetaMiddleware } from './page-meta/page-meta.middleware.ts';
import { createPageRenderer } from './page-meta/page-renderer.ts';
import { renderRobotsTxt, robotsTxtMiddleware } from './page-meta/robots-txt.ts';

/**
 * The production side of the page renderer (README, "Pages for crawlers and link unfurlers"):
 * a small HTTP server beside nginx (a second container of the web pod; in compose, one that
 * shares the web container's network). nginx hands it /tweet/…, /profile/… and /community/…
 * and serves the plain index.html itself whenever this server does not answer; and /robots.txt,
 * the built one (beside index.html) with its sitemap named on PUBLIC_ORIGIN, nginx serving the
 * file as built when this server does not answer. `GET /health` answers while it runs.
 */

const SERVICE = 'page-meta';

function log(level: 'info' | 'warn' | 'error', message: string, fields: object = {}): void {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    service: SERVICE,
    message,
    ...fields,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

const config = loadPageMetaServerConfig(process.env);
const shell = parseAppShell(readFileSync(config.indexHtml, 'utf8'));
const handle = pageMetaMiddleware(
  createPageRenderer({
    shell,
    read: createGatewayReader(config),
    publicOrigin: config.publicOrigin,
    onUnavailable: (path, reason) => log('warn', 'page sent without its markup', { path, reason }),
  }),
);

const robots = robotsTxtMiddleware(
  renderRobotsTxt(
    readFileSync(join(dirname(config.indexHtml), 'robots.txt'), 'utf8'),
    config.publicOrigin,
  ),
);

const server = createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('ok\n');
    return;
  }
  const renderPage = () =>
    handle(req, res, (error?: unknown) => {
      if (error !== undefined) {
        // The renderer does not throw; should it ever, the page goes out as the plain shell.
        log('error', 'request failed', {
          path: req.url,
          error: error instanceof Error ? error.message : JSON.stringify(error),
        });
        res.writeHead(503, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(shell.html);
        return;
      }
      // nginx sends only the public pages here: anything else is not this server's.
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
    });
  robots(req, res, renderPage);
});

server.listen(config.port, config.host, () => {
  log('info', `listening on ${config.host}:${config.port}`, {
    gatewayUrl: config.gatewayUrl,
    publicOrigin: config.publicOrigin,
  });
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log('info', `${signal}: closing`);
    server.close(() => process.exit(0));
    // Requests take at most the gateway's timeout; do not wait on idle keep-alive sockets.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), config.timeoutMs + 1_000).unref();
  });
}
