import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Context, Span } from '@opentelemetry/api';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { tracer, tracingEnabled } from './tracing';

const TRACED = Symbol('wave.traced-request');

interface TracedRequest extends IncomingMessage {
  [TRACED]?: { span: Span; context: Context };
}

/** The W3C trace context headers: a request's, or those the gateway sends a service. */
export const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate'] as const;

export interface RequestSpanOptions {
  /**
   * Whether a request's `traceparent` continues the caller's trace: yes behind the gateway (the
   * gateway is the caller); no at the gateway, whose callers are the public (a client does not
   * choose the trace a request joins, nor whether it is sampled).
   */
  continueCallerTraces: boolean;
  /** Paths not traced: the probes, asked every few seconds. */
  untracedPaths?: readonly string[];
}

const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * A server span for every request (`POST /api/tweets`), ended when its answer is (or its
 * connection closes), with the status; the route's handler runs in its context, so whatever the
 * handler does (a query, an event written to the outbox, a job queued) belongs to it. Nothing is
 * added when tracing is off. Call before the app's routes are registered (Nest registers its
 * routes in `init`): the hook that wraps their handlers sees only routes registered after it.
 */
export function traceRequests(instance: FastifyInstance, options: RequestSpanOptions): void {
  if (!tracingEnabled()) return;
  const untraced = new Set(options.untracedPaths ?? []);

  instance.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    // The body is read between the request's hooks and its handler, in the socket's own
    // asynchronous context: the handler is put back in the request's.
    route.handler = function tracedHandler(
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const traced = (request.raw as TracedRequest)[TRACED];
      return traced
        ? context.with(traced.context, handler, this, request, reply)
        : handler.call(this, request, reply);
    };
  });

  instance.addHook('onRequest', (request, reply, done) => {
    if (untraced.has(pathOf(request.url))) return done();
    const parent = options.continueCallerTraces
      ? propagation.extract(ROOT_CONTEXT, request.headers)
      : ROOT_CONTEXT;
    const route = request.routeOptions.url;
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': pathOf(request.url),
          ...(route ? { 'http.route': route } : {}),
          'wave.request_id': request.id,
        },
      },
      parent,
    );
    (request.raw as TracedRequest)[TRACED] = { span, context: trace.setSpan(parent, span) };
    // On the raw response: answers a proxy or a hijacked reply writes end their span too.
    reply.raw.once('close', () => {
      const status = reply.raw.statusCode;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!reply.raw.writableFinished) span.addEvent('connection closed before the answer');
      span.end();
    });
    done();
  });

  instance.addHook('onError', (request, _reply, error, done) => {
    (request.raw as TracedRequest)[TRACED]?.span.recordException(error);
    done();
  });
}

/** The span of a request being served, when it is traced. */
export const requestSpanOf = (request: IncomingMessage): Span | undefined =>
  (request as TracedRequest)[TRACED]?.span;

/**
 * Sets the headers that carry a request's trace to the service it is sent to, in place of any
 * of the client's own.
 */
export function injectRequestContext(request: IncomingMessage, headers: IncomingHttpHeaders): void {
  for (const name of TRACE_CONTEXT_HEADERS) delete headers[name];
  const traced = (request as TracedRequest)[TRACED];
  if (traced) propagation.inject(traced.context, headers);
}
