import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS_CLIENT } from '@wave/redis';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';

export type RateLimitName = 'requests' | 'loginPerIp' | 'loginPerAccount' | 'registerPerIp';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

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
      loginPerAccount: limiter(
        'login-account',
        config.LOGIN_RATE_LIMIT_PER_ACCOUNT,
        config.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
      ),
      registerPerIp: limiter(
        'register-ip',
        config.REGISTER_RATE_LIMIT_PER_IP,
        config.REGISTER_RATE_LIMIT_WINDOW_SECONDS,
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

  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key).catch(() => undefined);
  }
}

/** Accounts are keyed by a hash of the email, so Redis holds no addresses. */
export const accountKey = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
