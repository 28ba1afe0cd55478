import type { ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { visitorKeyOf } from '@wave/internal-auth';
import { CachedSessions, SESSION_COOKIE_NAME } from '@wave/sessions';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { GatewayStep } from '../pipeline/gateway-step';
import type { RouteRule } from '../routing/route-table';
import { gatewayRouteOf, matchRoute, pathOf } from '../routing/route-table';
import { ClientIp } from '../security/client-ip';
import { RateLimits, ROUTE_LIMITS } from '../security/rate-limits';
import { sendError, tooManyRequests } from './raw-http';
import { bodyTooLargeMessage } from './streamed-body';
import type { ProxiedRequest } from './upstreams';

/** Calls that end the session they come with. */
const SESSION_ENDING_PATHS = new Set(['/api/logout', '/api/login', '/api/register']);

/**
 * Routes /api calls to their service, last in the pipeline: unknown /api paths get a JSON 404,
 * bodies over the route's limit a 413, and the session cookie is resolved to the user the
 * signed identity header names; calls to a route with a limit of its own are counted then. A
 * route the gateway answers itself (`inGateway`) goes on to its controller with the identity
 * and visitor key set.
 */
@Injectable()
export class ProxyRouter implements GatewayStep {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(CachedSessions) private readonly sessions: CachedSessions,
    private readonly limits: RateLimits,
    private readonly clientIp: ClientIp,
  ) {}

  run(req: ProxiedRequest, res: ServerResponse): boolean | Promise<boolean> {
    const url = req.url ?? '/';
    const path = pathOf(url);
    if (gatewayRouteOf(path) !== null) return true;
    // Matched once, by the pipeline (for its metrics), when it ran before.
    const route = req.rule === undefined ? matchRoute(url) : req.rule;
    if (!route) {
      if (path === '/api' || path.startsWith('/api/')) {
        sendError(res, 404, `No such endpoint: ${req.method ?? 'GET'} ${path}`);
        return false;
      }
      return true;
    }

    const limit = route.bodyLimit ?? this.config.JSON_BODY_LIMIT_BYTES;
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      sendError(res, 413, bodyTooLargeMessage(limit));
      return false;
    }
    return this.route(req, res, route, path, limit);
  }

  private async route(
    req: ProxiedRequest,
    res: ServerResponse,
    route: RouteRule,
    path: string,
    limit: number,
  ): Promise<boolean> {
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
      sendError(res, 503, 'Sessions are unavailable; try again shortly');
      return false;
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
        tooManyRequests(res, seconds, `${tooMany}. Try again in ${seconds} seconds.`);
        return false;
      }
    }
    if (route.inGateway) return true;
    // On to the proxy's routes (proxy-routes.ts), which stream the body within this limit.
    req.upstream = route.upstream;
    req.bodyLimit = limit;
    return true;
  }
}
