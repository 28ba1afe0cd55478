import { Agent } from 'node:http';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RequestHandler } from 'http-proxy-middleware';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  INTERNAL_IDENTITY_HEADER,
  signInternalIdentity,
  VISITOR_KEY_HEADER,
} from '@wave/internal-auth';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { Upstream } from '../routing/route-table';
import { UPSTREAM_TIMEOUTS_MS, UPSTREAMS } from '../routing/route-table';
import type { GatewayRequest } from './raw-http';
import { sendError } from './raw-http';

/** What the gateway has decided about a request before handing it on. */
export interface ProxiedRequest extends GatewayRequest {
  identity?: { userId: string | null };
  /** The visitor key analytics receives (VISITOR_KEY_HEADER); set for analytics routes only. */
  visitorKey?: string;
  /** Called with the upstream request once it exists (to cap streamed bodies). */
  onUpstreamRequest?: (upstream: ClientRequest) => void;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'ENETUNREACH',
]);

/** Response headers that say too much about what runs behind the gateway. */
const HIDDEN_RESPONSE_HEADERS = ['x-powered-by', 'server'];

/**
 * One http-proxy-middleware per service over a keep-alive agent. Every proxied
 * request carries the signed identity (user or visitor) bound to its method and
 * path; only identity receives the session cookie, and only analytics a visitor
 * key (`x-wave-visitor`, made here: a client's own is always dropped).
 */
@Injectable()
export class Upstreams implements OnApplicationShutdown {
  private readonly logger = new Logger(Upstreams.name);
  private readonly agents = new Map<Upstream, Agent>();
  private readonly handlers = new Map<Upstream, RequestHandler>();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    for (const upstream of UPSTREAMS) {
      const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
      this.agents.set(upstream, agent);
      this.handlers.set(upstream, this.createHandler(upstream, agent));
    }
  }

  urlOf(upstream: Upstream): string {
    switch (upstream) {
      case 'identity':
        return this.config.IDENTITY_URL;
      case 'timeline':
        return this.config.TIMELINE_URL;
      case 'communities':
        return this.config.COMMUNITIES_URL;
      case 'search':
        return this.config.SEARCH_URL;
      case 'media':
        return this.config.MEDIA_URL;
      case 'recommendations':
        return this.config.RECOMMENDATIONS_URL;
      case 'analytics':
        return this.config.ANALYTICS_URL;
    }
  }

  handler(upstream: Upstream): RequestHandler {
    const handler = this.handlers.get(upstream);
    if (!handler) throw new Error(`No proxy for ${upstream}`);
    return handler;
  }

  onApplicationShutdown(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }

  private createHandler(upstream: Upstream, agent: Agent): RequestHandler {
    return createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: this.urlOf(upstream),
      agent,
      xfwd: true,
      proxyTimeout: Math.max(this.config.UPSTREAM_TIMEOUT_MS, UPSTREAM_TIMEOUTS_MS[upstream] ?? 0),
      on: {
        proxyReq: (proxyReq, rawRequest) => {
          // Under overload the socket can come after the request was given up (the client
          // left, or the upstream timeout answered 502): its headers are gone then, and
          // setting one would throw out of an event handler and stop the gateway.
          if (proxyReq.headersSent || proxyReq.destroyed) return;
          const req = rawRequest as ProxiedRequest;
          proxyReq.setHeader(
            INTERNAL_IDENTITY_HEADER,
            signInternalIdentity({
              secret: this.config.INTERNAL_AUTH_SECRET,
              userId: req.identity?.userId ?? null,
              method: req.method ?? 'GET',
              url: req.url ?? '/',
            }),
          );
          if (upstream !== 'identity') proxyReq.removeHeader('cookie');
          // Always the gateway's own: a client's header of that name never reaches a service.
          proxyReq.removeHeader(VISITOR_KEY_HEADER);
          if (req.visitorKey !== undefined) proxyReq.setHeader(VISITOR_KEY_HEADER, req.visitorKey);
          if (req.body !== undefined) writeJsonBody(proxyReq, req.body);
          else req.onUpstreamRequest?.(proxyReq);
        },
        proxyRes: (proxyRes) => {
          for (const name of HIDDEN_RESPONSE_HEADERS) delete proxyRes.headers[name];
        },
        error: (error, _req, res) => {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          this.logger.warn(`${upstream} proxy error: ${code || error.message}`);
          if (!('writeHead' in res)) {
            res.destroy();
            return;
          }
          if (UNREACHABLE.has(code)) sendError(res, 503, `The ${upstream} service is unavailable`);
          else sendError(res, 502, `The ${upstream} service did not answer`);
        },
      },
    });
  }
}

/**
 * Sends on a JSON body the gateway has already read (a sign-in it counted).
 * Any JSON value, including `false`, `0`, `null` and `""`: http-proxy-middleware's
 * fixRequestBody skips falsy bodies, which left the service waiting for bytes
 * that never came (a 502 after the upstream timeout instead of the service's 400).
 */
export function writeJsonBody(proxyReq: ClientRequest, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body) ?? 'null', 'utf8');
  proxyReq.setHeader('content-type', 'application/json');
  proxyReq.setHeader('content-length', bytes.length);
  proxyReq.removeHeader('transfer-encoding');
  proxyReq.write(bytes);
}
