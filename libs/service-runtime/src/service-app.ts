import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import { accessLogHook } from './access-log';
import { ErrorResponseFilter } from './error-response.filter';
import { REQUEST_ID_HEADER, requestIdOf } from './logging';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface ServiceAppOptions {
  bodyLimit?: number;
  /** Which proxies to believe about the client address (Fastify's trustProxy). */
  trustProxy?: boolean | string | string[] | number;
  /**
   * False for a service whose logging module has `perRequest: false`: no request-scoped logger
   * (pino-http and its async context cost a sixth of a feed read's CPU in timeline), an access
   * log line per answer from a plain hook instead, and the request id named in error lines.
   */
  perRequestLogger?: boolean;
}

/**
 * A NestJS app on Fastify with JSON logs, `{ message }` errors (including the
 * ones Fastify raises before a handler runs) and graceful shutdown.
 */
export async function createServiceApp(
  module: Parameters<typeof NestFactory.create>[0],
  options: ServiceAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    logger: false,
    return503OnClosing: true,
    requestIdHeader: false,
    // A URL the router cannot read (a broken %-escape): `{ message }` like every other error.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({
          message: error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : error.message,
        });
    },
    genReqId: (request: IncomingMessage) => {
      const id = requestIdOf(request);
      // Passed on to the services the request reaches.
      request.headers[REQUEST_ID_HEADER] = id;
      return id;
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new ErrorResponseFilter());
  app.enableShutdownHooks();
  // On the raw response, so that answers written by a proxy carry it too.
  const instance = app.getHttpAdapter().getInstance();
  instance.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (options.perRequestLogger === false) {
    // Outside a request context a PinoLogger writes to the module's one root logger.
    instance.addHook('onRequest', accessLogHook((await app.resolve(PinoLogger)).logger));
  }
  return app;
}
