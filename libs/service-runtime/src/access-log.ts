import type { onRequestHookHandler } from 'fastify';
import type { Logger } from 'pino';

/** The message of an access log line (pino-http's own words, so both kinds read alike). */
export const ACCESS_LOG_MESSAGE = 'request completed';

/**
 * A Fastify `onRequest` hook writing one access log line per answered request at `info` (none
 * for health checks): its id, method, URL, status and time taken, as pino-http writes them.
 * For the services that keep no request-scoped logger (`perRequestLogger: false`): nothing is
 * done per request unless `info` is enabled.
 */
export function accessLogHook(logger: Logger): onRequestHookHandler {
  return (request, reply, done) => {
    if (logger.isLevelEnabled('info') && !request.url.startsWith('/health')) {
      const startedAt = performance.now();
      const res = reply.raw;
      res.once('finish', () => {
        logger.info(
          {
            req: { requestId: request.id, method: request.method, url: request.url },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - startedAt),
          },
          ACCESS_LOG_MESSAGE,
        );
      });
    }
    done();
  };
}
