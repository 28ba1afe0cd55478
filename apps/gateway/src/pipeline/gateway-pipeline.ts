import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { labelRoute, UNMATCHED_ROUTE } from '@wave/metrics';
import {
  isUnavailableError,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@wave/service-runtime';
import { ProxyRouter } from '../proxy/proxy-router';
import { sendError } from '../proxy/raw-http';
import type { ProxiedRequest } from '../proxy/upstreams';
import { AuthRateLimits } from '../security/auth-rate-limits';
import { CsrfCheck } from '../security/csrf-check';
import { RequestBudget } from '../security/request-budget';
import { SecurityHeaders } from '../security/security-headers';
import { gatewayRouteOf, matchRoute, pathOf, ROUTES, routeLabelOf } from '../routing/route-table';
import type { GatewayStep } from './gateway-step';

/** The label of a request no rule matched: the gateway's own route, or none. */
const gatewayRouteLabel = (url: string): string => gatewayRouteOf(pathOf(url)) ?? UNMATCHED_ROUTE;

/**
 * The gateway's request pipeline, as one Fastify `onRequest` hook in front of every route (the
 * proxied ones and the gateway's own), in order: security headers, the request budget, CSRF,
 * sign-in limits, routing. A check that refuses answers on the raw response and the request
 * goes no further.
 *
 * It is a plain hook rather than Nest middleware on purpose: on the platform's hottest path (a
 * feed read through the gateway) Nest's middleware chain, middie and pino-http's per-request
 * logger and async context cost as much as the checks themselves. The gateway therefore keeps
 * no request-scoped logger either (loggingModule's `perRequest: false`): createServiceApp
 * writes its access log, and the pipeline's and the proxy's error lines name the request id.
 */
@Injectable()
export class GatewayPipeline {
  private readonly logger = new Logger(GatewayPipeline.name);
  private readonly steps: readonly GatewayStep[];
  /** Each rule's label in the metrics, made once. */
  private readonly ruleLabels = new Map(ROUTES.map((rule) => [rule, routeLabelOf(rule)]));

  constructor(
    headers: SecurityHeaders,
    budget: RequestBudget,
    csrf: CsrfCheck,
    signIns: AuthRateLimits,
    router: ProxyRouter,
  ) {
    this.steps = [headers, budget, csrf, signIns, router];
  }

  /** The `onRequest` hook. */
  readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const req = request.raw as ProxiedRequest;
    const res = reply.raw;
    // The rule first, so that every answer below, refusals included, is counted under it.
    const rule = matchRoute(req.url ?? '/');
    req.rule = rule;
    labelRoute(req, rule ? this.ruleLabels.get(rule)! : gatewayRouteLabel(req.url ?? '/'));
    try {
      for (const step of this.steps) {
        const passed = step.run(req, res);
        if (passed === true || (passed !== false && (await passed))) continue;
        reply.hijack();
        return;
      }
    } catch (error: unknown) {
      reply.hijack();
      if (isUnavailableError(error)) {
        // Redis away (a rate limit or a session could not be read): the client tries again.
        this.logger.warn(
          `request ${request.id}: the gateway's checks failed, a store is unavailable: ${error instanceof Error ? error.message : String(error)}`,
        );
        sendError(res, 503, UNAVAILABLE_MESSAGE, {
          'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
        });
        return;
      }
      this.logger.error(
        `request ${request.id}: the gateway's checks failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      sendError(res, 500, 'Internal server error');
    }
  };
}
