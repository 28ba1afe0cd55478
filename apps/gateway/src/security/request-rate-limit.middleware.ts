import type { ServerResponse } from 'node:http';
import type { NestMiddleware } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { GatewayRequest } from '../proxy/raw-http';
import { tooManyRequests } from '../proxy/raw-http';
import { ClientIp } from './client-ip';
import { RequestBudget } from './request-budget';

/** The general budget of requests per client address (decided in memory: RequestBudget). */
@Injectable()
export class RequestRateLimitMiddleware implements NestMiddleware<GatewayRequest, ServerResponse> {
  constructor(
    private readonly budget: RequestBudget,
    private readonly clientIp: ClientIp,
  ) {}

  use(req: GatewayRequest, res: ServerResponse, next: () => void): void {
    const result = this.budget.consume(this.clientIp.limitKeyOf(req));
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
