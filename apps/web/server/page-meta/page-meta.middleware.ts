import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageRenderer, RenderedPage } from './page-renderer.ts';
import { matchPageRoute } from './page-routes.ts';

export type NextFunction = (error?: unknown) => void;

/**
 * The address chain the gateway is told: the one a proxy in front of this server wrote
 * (nginx's `$proxy_add_x_forwarded_for`, which already ends with the reader's address), or
 * else the reader's own address. Nothing is appended: in production the peer is nginx on the
 * loopback, which would stand where the reader should.
 */
export function forwardedForOf(req: IncomingMessage): string | undefined {
  const given = req.headers['x-forwarded-for'];
  const chain = Array.isArray(given) ? given.join(', ') : given;
  return chain?.trim() || req.socket.remoteAddress || undefined;
}

function send(res: ServerResponse, page: RenderedPage, withBody: boolean): void {
  res.statusCode = page.status;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader('content-length', Buffer.byteLength(page.html));
  res.end(withBody ? page.html : undefined);
}

/**
 * A Connect-style handler (vite preview's middleware stack, and the production Node server):
 * GET and HEAD of a public page get the renderer's page; everything else goes to `next`.
 */
export function pageMetaMiddleware(render: PageRenderer) {
  return (req: IncomingMessage, res: ServerResponse, next: NextFunction): void => {
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || matchPageRoute(pathname) === null) {
      next();
      return;
    }
    render(pathname, forwardedForOf(req)).then(
      (page) => (page === null ? next() : send(res, page, req.method === 'GET')),
      next,
    );
  };
}
