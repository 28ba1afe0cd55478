import type { ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { GatewayStep } from '../pipeline/gateway-step';
import type { GatewayRequest } from '../proxy/raw-http';
import { tooManyRequests } from '../proxy/raw-http';
import { ClientIp } from './client-ip';
import { RateLimits } from './rate-limits';

/** The general budget of requests per client address. */
@Injectable()
export class RequestBudget implements GatewayStep {
  constructor(
    private readonly limits: RateLimits,
    private readonly clientIp: ClientIp,
  ) {}

  async run(req: GatewayRequest, res: ServerResponse): Promise<boolean> {
    const result = await this.limits.consume('requests', this.clientIp.limitKeyOf(req));
    if (result.allowed) return true;
    tooManyRequests(
      res,
      result.retryAfterSeconds,
      `Too many requests. Try again in ${result.retryAfterSeconds} seconds.`,
    );
    return false;
  }
}
