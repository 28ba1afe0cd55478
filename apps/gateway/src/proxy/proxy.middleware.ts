import type { ServerResponse } from 'node:http';
import type { NestMiddleware } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { visitorKeyOf } from '@wave/internal-auth';
import { CachedSessions, SESSION_COOKIE_NAME } from '@wave/sessions';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import { GATEWAY_ROUTES, matchRoute, pathOf } from '../routing/route-table';
import { ClientIp } from '../security/client-ip';
import { RateLimits, ROUTE_LIMITS } from '../security/rate-limits';
import { originalUrlOf, sendError, tooManyRequests } from './raw-http';
import { bodyTooLargeMessage } from './streamed-body';
import type { ProxiedRequest } from './upstreams';

/** Calls that end the session they come with. */
const SESSION_ENDING_PATHS = new Set(['/api/logout', '/api/login', '/api/register']);

/**
 * Routes /api calls to their service: unknown /api paths get a JSON 404, bodies
 * over the route's limit a 413, and the session cookie is resolved to the user
 * the signed identity header names; calls to a route with a limit of its own
 * are counted then. A route the gateway answers itself (`inGateway`) goes on to
 * its controller with the identity and visitor key set.
 */
@Injectable()
export class ProxyMiddleware implements NestMiddleware<ProxiedRequest, ServerResponse> {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(CachedSessions) private readonly sessions: CachedSessions,
    private readonly limits: RateLimits,
    private readonly clientIp: ClientIp,
  ) {}

  async use(
    req: ProxiedRequest,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): Promise<void> {
    const url = originalUrlOf(req);
    const path = pathOf(url);
    if (GATEWAY_ROUTES.has(path)) return next();
    const route = matchRoute(url);
    if (!route) {
      if (path === '/api' || path.startsWith('/api/')) {
        return sendError(res, 404, `No such endpoint: ${req.method ?? 'GET'} ${path}`);
      }
      return next();
    }

    const limit = route.bodyLimit ?? this.config.JSON_BODY_LIMIT_BYTES;
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      return sendError(res, 413, bodyTooLargeMessage(limit));
    }

    const cookies = parseCookies(req.headers.cookie ?? '');
    const token = cookies[SESSION_COOKIE_NAME];
    // A sign-out, or a sign-in that replaces the session: this gateway forgets it once identity
    // has answered (the others when identity announces it), so that no call of the same browser
    // after the answer finds it remembered.
    if (SESSION_ENDING_PATHS.has(path) && req.method === 'POST') {
      res.once('finish', () => this.sessions.forget(token));
    }
    let userId: string | null;
    try {
      userId = (await this.sessions.resolve(token))?.userId ?? null;
    } catch {
      // Redis is down: who is calling cannot be known, so nothing is routed.
      return sendError(res, 503, 'Sessions are unavailable; try again shortly');
    }
    req.identity = { userId };
    if (route.upstream === 'analytics') {
      req.visitorKey = visitorKeyOf(
        this.config.INTERNAL_AUTH_SECRET,
        {
          addressKey: this.clientIp.limitKeyOf(req),
          userAgent: req.headers['user-agent'] ?? '',
        },
        new Date(),
      );
    }
    if (route.limit) {
      const limited = await this.limits.consumeForRoute(route.limit, {
        userId,
        address: this.clientIp.limitKeyOf(req),
      });
      if (!limited.allowed) {
        const { tooMany } = ROUTE_LIMITS[route.limit];
        const seconds = limited.retryAfterSeconds;
        return tooManyRequests(res, seconds, `${tooMany}. Try again in ${seconds} seconds.`);
      }
    }
    // The service sees (and the identity header signs) the path the client asked for.
    req.url = url;
    if (route.inGateway) return next();
    // On to the proxy's routes (proxy-routes.ts), which stream the body within this limit.
    req.upstream = route.upstream;
    req.bodyLimit = limit;
    next();
  }
}
