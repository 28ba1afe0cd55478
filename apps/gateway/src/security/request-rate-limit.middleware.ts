import type { ServerResponse } from 'node:http';
import type { NestMiddleware } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { GatewayRequest } from '../proxy/raw-http';
import { tooManyRequests } from '../proxy/raw-http';
import { ClientIp } from './client-ip';
import { RateLimits } from './rate-limits';

/** The general budget of requests per client address. */
@Injectable()
export class RequestRateLimitMiddleware implements NestMiddleware<GatewayRequest, ServerResponse> {
  constructor(
    private readonly limits: RateLimits,
    private readonly clientIp: ClientIp,
  ) {}

  async use(req: GatewayRequest, res: ServerResponse, next: () => void): Promise<void> {
    const result = await this.limits.consume('requests', this.clientIp.limitKeyOf(req));
    if (!result.allowed) {
      tooManyRequests(
        res,
        result.retryAfterSeconds,
        `Too many requests. Try again in ${result.retryAfterSeconds} seconds.`,
      );
      return;
    }
    next();
  }
}
