import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { deriveKey } from '@wave/internal-auth';
import { REDIS_CLIENT } from '@wave/redis';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { LoginDelayPolicy } from './login-delay';
import { loginDelaySeconds } from './login-delay';

/**
 * Failed sign-ins counted per account AND address, in Redis (shared by every
 * gateway replica): past the free ones, each failure makes that pair wait
 * longer before its next try (login-delay.ts). Someone guessing from elsewhere
 * slows only themselves, never the owner at their own address. If Redis cannot
 * answer, sign-ins are let through (and logged), as with the other limits.
 *
 * A pair is named by an HMAC of the email and the address under a key derived
 * from INTERNAL_AUTH_SECRET for this use alone, so Redis holds neither: a bare
 * hash could be reversed by hashing a known email with every IPv4 address.
 */
@Injectable()
export class LoginFailures {
  private readonly logger = new Logger(LoginFailures.name);
  private readonly policy: LoginDelayPolicy;
  private readonly keyOfPairs: Buffer;
  /** Failures in a row, forgotten LOGIN_FAILURE_MEMORY_SECONDS after the first. */
  private readonly failures: RateLimiterRedis;
  /** Pairs that must wait, each key living as long as its wait. */
  private readonly delays: RateLimiterRedis;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.keyOfPairs = deriveKey(config.INTERNAL_AUTH_SECRET, 'rate-limit-keys');
    this.policy = {
      freeFailures: config.LOGIN_FREE_FAILURES,
      baseSeconds: config.LOGIN_DELAY_BASE_SECONDS,
      maxSeconds: config.LOGIN_DELAY_MAX_SECONDS,
    };
    // Only penalty(), get() and block() are used: `points` never refuses anything here.
    this.failures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'ratelimit:login-failures',
      points: 1,
      duration: config.LOGIN_FAILURE_MEMORY_SECONDS,
    });
    this.delays = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'ratelimit:login-delay',
      points: 1,
      duration: config.LOGIN_DELAY_MAX_SECONDS,
    });
  }

  /**
   * The key of one account at one address (its limit key, ClientIp.limitKeyOf),
   * whatever the email's case and surrounding spaces.
   */
  keyOf(email: string, address: string): string {
    return createHmac('sha256', this.keyOfPairs)
      .update(`${email.trim().toLowerCase()}\n${address}`)
      .digest('base64url');
  }

  /** Seconds the pair must still wait (0: it may try now). */
  async waitOf(key: string): Promise<number> {
    try {
      const delay = await this.delays.get(key);
      return delay && delay.msBeforeNext > 0 ? Math.ceil(delay.msBeforeNext / 1000) : 0;
    } catch (error) {
      this.logger.warn(`Sign-in delays unavailable: ${String(error)}`);
      return 0;
    }
  }

  /** Counts a failed sign-in and starts the pair's wait once the free ones are used up. */
  async recordFailure(key: string): Promise<void> {
    try {
      const { consumedPoints } = await this.failures.penalty(key, 1);
      const seconds = loginDelaySeconds(consumedPoints, this.policy);
      if (seconds > 0) await this.delays.block(key, seconds);
    } catch (error) {
      this.logger.warn(`Sign-in failure not recorded: ${String(error)}`);
    }
  }

  /** A successful sign-in: the pair starts afresh. */
  async clear(key: string): Promise<void> {
    await Promise.all([
      this.failures.delete(key).catch(() => false),
      this.delays.delete(key).catch(() => false),
    ]);
  }
}
