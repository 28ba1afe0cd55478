import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { ServiceMetrics } from './service-metrics';

/**
 * The listener Prometheus scrapes: `GET /metrics` on a port of its own, apart from the service's
 * API, so that the public gateway (which only forwards its route table) never exposes it and a
 * network policy can open it to the monitoring system alone.
 */
export async function startMetricsServer(
  metrics: ServiceMetrics,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Only /metrics is served here' }));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { 'content-type': 'application/json', allow: 'GET, HEAD' });
      response.end(JSON.stringify({ message: 'Use GET' }));
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            message: `Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}`,
          }),
        );
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
