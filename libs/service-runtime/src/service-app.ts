import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Params } from 'nestjs-pino';
import { Logger, PARAMS_PROVIDER_TOKEN, PinoLogger } from 'nestjs-pino';
import { httpMetricsHook, ServiceMetrics } from '@wave/metrics';
import { traceRequests } from '@wave/tracing';
import { accessLogHook } from './access-log';
import { ErrorResponseFilter } from './error-response.filter';
import { ServiceLifecycle } from './graceful-shutdown';
import { REQUEST_ID_HEADER, requestIdOf } from './logging';

/**
 * Says, on every answer of a replica that is stopping, that it is: the gateway then sends it no
 * new request (it would have to open a new connection, which the stopping server may reset
 * before it reads it), and does not pass the header on.
 */
export const DRAINING_HEADER = 'x-wave-draining';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface ServiceAppOptions {
  bodyLimit?: number;
  /** Which proxies to believe about the client address (Fastify's trustProxy). */
  trustProxy?: boolean | string | string[] | number;
  /**
   * Whether a request's `traceparent` continues its caller's trace (`traceRequests`): yes for a
   * service, whose caller is the gateway (the default); no for the gateway itself.
   */
  continueCallerTraces?: boolean;
}

/** The probes' paths: asked every few seconds, never traced. */
const PROBE_PATHS = ['/health', '/health/ready', '/api/health'];

/**
 * A NestJS app on Fastify with JSON logs, `{ message }` errors (including the
 * ones Fastify raises before a handler runs), metrics and (when tracing is on) request spans; `serveUntilStopped` serves it and
 * shuts it down gracefully.
 */
export async function createServiceApp(
  module: Parameters<typeof NestFactory.create>[0],
  options: ServiceAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    logger: false,
    // A request that arrives on an open connection while the server closes is served (its
    // answer closes the connection), not refused with a 503 the gateway would pass on: the
    // datastores close only after the server has.
    return503OnClosing: false,
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
  // No `enableShutdownHooks`: `serveUntilStopped` handles the signals, in order.
  // On the raw response, so that answers written by a proxy carry it too. Shutting down, every
  // answer also closes its connection, so that a client (the gateway's pool) takes its next
  // request to another replica while this one still serves. One hook for both: it runs on
  // every request.
  const instance = app.getHttpAdapter().getInstance();
  // First: the request's span is there for every hook after it. Nest registers its routes later
  // (`init`), so their handlers are run in the span's context.
  traceRequests(instance, {
    continueCallerTraces: options.continueCallerTraces ?? true,
    untracedPaths: PROBE_PATHS,
  });
  const lifecycle = providedOrNull(app, ServiceLifecycle);
  instance.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    if (lifecycle?.draining) {
      reply.raw.setHeader('connection', 'close');
      reply.raw.setHeader(DRAINING_HEADER, '1');
    }
    done();
  });
  // Request rate, errors and duration per route, when the app keeps metrics (MetricsModule).
  const metrics = providedOrNull(app, ServiceMetrics);
  if (metrics) instance.addHook('onRequest', httpMetricsHook(metrics));
  // A logging module without pino-http on every request (`perRequest: false`, which leaves
  // nestjs-pino no routes): the access log from a plain hook instead, written through the
  // module's one root logger (where a PinoLogger writes outside a request context).
  if (app.get<Params>(PARAMS_PROVIDER_TOKEN).forRoutes?.length === 0) {
    instance.addHook('onRequest', accessLogHook((await app.resolve(PinoLogger)).logger));
  }
  return app;
}

/** A provider of the app's modules, or null when none provides it. */
function providedOrNull<T>(
  app: NestFastifyApplication,
  token: new (...args: never[]) => T,
): T | null {
  try {
    return app.get(token, { strict: false });
  } catch {
    return null;
  }
}
