import type { onRequestHookHandler } from 'fastify';
import type { Logger } from 'pino';

/** The messages of access log lines (pino-http's own words, so both kinds read alike). */
export const ACCESS_LOG_MESSAGE = 'request completed';
export const ACCESS_LOG_ABORTED_MESSAGE = 'request aborted';

/**
 * A Fastify `onRequest` hook writing one access log line per request at `info` (none for health
 * checks): its id, method, URL, status and time taken, as pino-http writes them (through the
 * logging module's serializers). A request whose answer never completed (the client went away,
 * or the answer broke off) gets a `request aborted` line. For the services that keep no
 * request-scoped logger (loggingModule's `perRequest: false`): nothing is done per request
 * unless `info` is enabled.
 */
export function accessLogHook(logger: Logger): onRequestHookHandler {
  return (request, reply, done) => {
    if (logger.isLevelEnabled('info') && !request.url.startsWith('/health')) {
      const startedAt = performance.now();
      const res = reply.raw;
      // 'close' comes after 'finish' for a completed answer, and alone for a broken one.
      res.once('close', () => {
        logger.info(
          {
            req: { id: request.id, method: request.method, url: request.url },
            res,
            responseTime: Math.round(performance.now() - startedAt),
          },
          res.writableFinished ? ACCESS_LOG_MESSAGE : ACCESS_LOG_ABORTED_MESSAGE,
        );
      });
    }
    done();
  };
}
