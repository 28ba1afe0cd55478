import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS_CLIENT } from '@wave/redis';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { RouteLimitName } from '../routing/route-table';

export type RateLimitName =
  | 'requests'
  | 'loginPerIp'
  | 'registerPerIp'
  | 'linkPreviewPerUser'
  | 'linkPreviewPerIp'
  | 'imageProxyPerIp'
  | 'pageViewsPerIp'
  | 'impressionsPerIp'
  | 'seoAnalysisPerUser'
  | 'seoAnalysisPerIp';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A limit of a single route (RouteRule.limit): whom it counts, with which limiters. */
export type RouteLimit =
  /** Members' calls, per address, then per member; visitors pass on (the service refuses them). */
  | { counts: 'members'; perIp: RateLimitName; perUser: RateLimitName; tooMany: string }
  /** Every call, a visitor's or a member's, per address. */
  | { counts: 'everyone'; perIp: RateLimitName; tooMany: string };

/** Each route limit, and what its refusal says. */
export const ROUTE_LIMITS: Record<RouteLimitName, RouteLimit> = {
  // Each preview may make the server fetch a page.
  linkPreview: {
    counts: 'members',
    perIp: 'linkPreviewPerIp',
    perUser: 'linkPreviewPerUser',
    tooMany: 'Too many link previews',
  },
  // Anyone may load a signed link, and each load fetches the image anew.
  imageProxy: { counts: 'everyone', perIp: 'imageProxyPerIp', tooMany: 'Too many images' },
  // Anyone's views count: a limit per address keeps a script from inflating them.
  pageViews: { counts: 'everyone', perIp: 'pageViewsPerIp', tooMany: 'Too many page views' },
  impressions: { counts: 'everyone', perIp: 'impressionsPerIp', tooMany: 'Too many impressions' },
  // Each analysis takes the analytics service's time in proportion to the text.
  seoAnalysis: {
    counts: 'members',
    perIp: 'seoAnalysisPerIp',
    perUser: 'seoAnalysisPerUser',
    tooMany: 'Too many SEO analyses',
  },
};

/**
 * Fixed-window counters kept in Redis, shared by every gateway replica. If
 * Redis cannot answer, requests are let through (and logged): sessions need
 * Redis too, so nothing could be abused meanwhile.
 */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly limiters: Record<RateLimitName, RateLimiterRedis>;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `ratelimit:${keyPrefix}`,
        points,
        duration,
      });
    this.limiters = {
      requests: limiter(
        'requests',
        config.REQUEST_RATE_LIMIT_PER_IP,
        config.REQUEST_RATE_LIMIT_WINDOW_SECONDS,
      ),
      loginPerIp: limiter(
        'login-ip',
        config.LOGIN_RATE_LIMIT_PER_IP,
        config.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
      ),
      registerPerIp: limiter(
        'register-ip',
        config.REGISTER_RATE_LIMIT_PER_IP,
        config.REGISTER_RATE_LIMIT_WINDOW_SECONDS,
      ),
      linkPreviewPerUser: limiter(
        'link-preview-user',
        config.LINK_PREVIEW_RATE_LIMIT_PER_USER,
        config.LINK_PREVIEW_RATE_LIMIT_WINDOW_SECONDS,
      ),
      linkPreviewPerIp: limiter(
        'link-preview-ip',
        config.LINK_PREVIEW_RATE_LIMIT_PER_IP,
        config.LINK_PREVIEW_RATE_LIMIT_WINDOW_SECONDS,
      ),
      imageProxyPerIp: limiter(
        'image-proxy-ip',
        config.IMAGE_PROXY_RATE_LIMIT_PER_IP,
        config.IMAGE_PROXY_RATE_LIMIT_WINDOW_SECONDS,
      ),
      pageViewsPerIp: limiter(
        'page-views-ip',
        config.PAGE_VIEW_RATE_LIMIT_PER_IP,
        config.PAGE_VIEW_RATE_LIMIT_WINDOW_SECONDS,
      ),
      impressionsPerIp: limiter(
        'impressions-ip',
        config.IMPRESSION_RATE_LIMIT_PER_IP,
        config.IMPRESSION_RATE_LIMIT_WINDOW_SECONDS,
      ),
      seoAnalysisPerUser: limiter(
        'seo-analysis-user',
        config.SEO_ANALYSIS_RATE_LIMIT_PER_USER,
        config.SEO_ANALYSIS_RATE_LIMIT_WINDOW_SECONDS,
      ),
      seoAnalysisPerIp: limiter(
        'seo-analysis-ip',
        config.SEO_ANALYSIS_RATE_LIMIT_PER_IP,
        config.SEO_ANALYSIS_RATE_LIMIT_WINDOW_SECONDS,
      ),
    };
  }

  async consume(name: RateLimitName, key: string): Promise<RateLimitResult> {
    try {
      await this.limiters[name].consume(key);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        };
      }
      this.logger.warn(`Rate limit ${name} unavailable: ${String(error)}`);
      return { allowed: true };
    }
  }

  /**
   * A call to a route with a limit of its own, from `address` (its limit key,
   * ClientIp.limitKeyOf) by `userId` (null for a visitor).
   */
  async consumeForRoute(
    name: RouteLimitName,
    caller: { userId: string | null; address: string },
  ): Promise<RateLimitResult> {
    const limit = ROUTE_LIMITS[name];
    if (limit.counts === 'everyone') return this.consume(limit.perIp, caller.address);
    if (caller.userId === null) return { allowed: true };
    const byIp = await this.consume(limit.perIp, caller.address);
    return byIp.allowed ? this.consume(limit.perUser, caller.userId) : byIp;
  }
}
