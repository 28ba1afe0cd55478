import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is sane (the gateway sets one), else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

export interface LoggingOptions {
  service: string;
  level: string;
  /**
   * pino-http on every request: a request-scoped logger (every line written while the request
   * is served carries its id) and a `request completed` line per answer. On by default. Off
   * (the gateway and timeline, for the hottest read's sake), createServiceApp writes the access
   * log from a plain hook instead (access-log.ts), error lines name the request id, and other
   * lines do not carry it.
   */
  perRequest?: boolean;
}

/**
 * JSON log lines with the service, the context and (with `perRequest`, the default) the request
 * id of the request being served (nestjs-pino keeps it per request; Fastify assigns it, see
 * createServiceApp). Secrets are redacted.
 */
export function loggingModule(options: LoggingOptions): DynamicModule {
  return LoggerModule.forRoot({
    ...(options.perRequest === false ? { forRoutes: [] } : {}),
    pinoHttp: {
      level: options.level,
      base: { service: options.service },
      messageKey: 'message',
      autoLogging: {
        ignore: (request: IncomingMessage) => (request.url ?? '').startsWith('/health'),
      },
      serializers: {
        req: (request: { id: unknown; method: unknown; url: unknown }) => ({
          requestId: request.id,
          method: request.method,
          url: request.url,
        }),
        res: (response: { statusCode: unknown }) => ({ statusCode: response.statusCode }),
      },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-internal-identity"]',
          'res.headers["set-cookie"]',
        ],
        remove: true,
      },
    },
  });
}
