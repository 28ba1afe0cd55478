import type { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_ROUTES, matchRoute, PROXIED_PATHS, pathOf } from '../routing/route-table';
import { sendError } from './raw-http';
import { streamedBody } from './streamed-body';
import type { ProxiedRequest, Upstreams } from './upstreams';

const logger = new Logger('Proxy');

const errorText = (error: { message: string; stack?: string }): string =>
  error.stack ?? error.message;

/** Sockets kept per service at most (undici's pool), as many as requests in flight. */
const CONNECTIONS_PER_SERVICE = 512;

/**
 * How long an idle socket to a service is kept, whatever keep-alive time the service offers
 * (Fastify offers 72 s). A service that stops closes its idle sockets, and a post the gateway
 * sends on one at that moment breaks and is not sent twice: a stopping service that keeps
 * serving longer than this (SHUTDOWN_DELAY_MS, closing each connection after its answer) has no
 * idle socket left of the gateway's when it closes.
 */
export const UPSTREAM_IDLE_SOCKET_MS = 2_000;

/**
 * Bodies of at most this declared length (a post, a profile, a like: nearly every write) are held
 * whole before they are sent, so that a request whose replica refused the connection can be sent
 * to another; larger ones (uploads, posts with an inline image) are streamed as they arrive.
 */
export const HELD_BODY_BYTES = 64 * 1024;

const isSmall = (declared: string | undefined): boolean =>
  declared !== undefined && /^\d+$/.test(declared) && Number(declared) <= HELD_BODY_BYTES;

/** Reads a small body whole (the HTTP parser stops it at its declared length). */
function heldBody(payload: Readable, done: (error: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  payload.on('data', (chunk: Buffer) => chunks.push(chunk));
  payload.once('end', () => done(null, Buffer.concat(chunks)));
  payload.once('error', () =>
    // The client went away mid-body: nobody reads the answer.
    done(Object.assign(new Error('The request body did not arrive whole'), { statusCode: 400 })),
  );
}

/**
 * The routes the gateway proxies, in a scope of their own where bodies are not parsed but
 * held (small ones) or streamed to the service as they arrive (the gateway's own routes keep Fastify's JSON parser).
 * By the time a request reaches them, the pipeline (ProxyRouter) has checked it and chosen its service
 * (`upstream`); one it has not chosen a service for is not a route.
 */
export function proxyRoutes(upstreams: Upstreams, defaultBodyLimit: number) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const raw = request.raw as ProxiedRequest;
      // A body the gateway has read already (a sign-in) is sent from what it read (`body`).
      if (raw.body === undefined && isSmall(raw.headers['content-length'])) {
        heldBody(payload, done);
        return;
      }
      done(null, streamedBody(payload, raw.headers, raw.bodyLimit ?? defaultBodyLimit));
    });
    // What the proxy itself refuses (a path that climbs with '..') as `{ message }`.
    scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        logger.error(`Request ${request.id} failed in the proxy: ${errorText(error)}`);
        return reply.code(500).send({ message: 'Internal server error' });
      }
      return reply.code(status).send({
        message: status === 400 ? `The path is not valid: ${error.message}` : error.message,
      });
    });
    await scope.register(replyFrom, {
      undici: {
        connections: CONNECTIONS_PER_SERVICE,
        pipelining: 1,
        keepAliveTimeout: UPSTREAM_IDLE_SOCKET_MS,
        keepAliveMaxTimeout: UPSTREAM_IDLE_SOCKET_MS,
      },
      // Its sockets are closed with the app (reply-from keeps them by default).
      destroyAgent: true,
      disableRequestLogging: true,
    });
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as ProxiedRequest;
      if (raw.upstream === undefined) {
        // A path the gateway answers itself, asked with a method its controller does not take.
        const path = pathOf(request.url);
        const method = raw.method ?? 'GET';
        reply.hijack();
        if (GATEWAY_ROUTES.has(path) || matchRoute(request.url)?.inGateway) {
          return sendError(reply.raw, 405, `Method ${method} is not allowed on ${path}`);
        }
        return sendError(reply.raw, 404, `No such endpoint: ${method} ${path}`);
      }
      upstreams.forward(request, reply, raw.upstream);
      return reply;
    };
    for (const path of PROXIED_PATHS) scope.all(path, forward);
  };
}
