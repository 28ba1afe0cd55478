import type { IncomingMessage, ServerResponse } from 'node:http';

/** Crawlers read robots.txt about once a day; shared caches may keep it an hour. */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';

const SITEMAP_LINE = /^\s*sitemap\s*:\s*(\S*)\s*$/i;

/**
 * robots.txt as served: the app's own file (apps/web/public/robots.txt) with every `Sitemap:`
 * line that names a path made a full URL on the site's configured origin, as the sitemaps
 * protocol asks (never a request's Host header, which anyone can set). Lines naming a full URL
 * already, and every other line, stay as they are.
 */
export function renderRobotsTxt(source: string, publicOrigin: string): string {
  return source
    .split(/\r?\n/)
    .map((line) => {
      const target = SITEMAP_LINE.exec(line)?.[1] ?? '';
      return target.startsWith('/') && !target.startsWith('//')
        ? `Sitemap: ${publicOrigin}${target}`
        : line;
    })
    .join('\n');
}

/**
 * A Connect-style handler (vite preview's middleware stack, and the production Node server):
 * GET and HEAD of /robots.txt get the rendered file; everything else goes to `next`.
 */
export function robotsTxtMiddleware(robotsTxt: string) {
  const body = Buffer.from(robotsTxt, 'utf8');
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if (pathname !== '/robots.txt' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.setHeader('cache-control', ROBOTS_CACHE_CONTROL);
    res.setHeader('content-length', body.length);
    res.end(req.method === 'GET' ? body : undefined);
  };
}
