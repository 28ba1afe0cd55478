import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { ErrorResponseFilter, toErrorResponse } from './error-response.filter';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface ServiceAppOptions {
  bodyLimit?: number;
  /** Which proxies to believe about the client address (Fastify's trustProxy). */
  trustProxy?: boolean | string | string[] | number;
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
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new ErrorResponseFilter());
  app.enableShutdownHooks();
  app
    .getHttpAdapter()
    .getInstance()
    .setErrorHandler((error, _request, reply) => {
      const { status, body } = toErrorResponse(error);
      void reply.status(status).send(body);
    });
  return app;
}
