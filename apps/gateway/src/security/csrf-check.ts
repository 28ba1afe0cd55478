import type { ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { GatewayStep } from '../pipeline/gateway-step';
import type { GatewayRequest } from '../proxy/raw-http';
import { sendError } from '../proxy/raw-http';
import { ClientIp } from './client-ip';
import { isCrossSiteRequestAllowed } from './csrf';

const header = (req: GatewayRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Refuses a cross-site request that could change something (csrf.ts says which). */
@Injectable()
export class CsrfCheck implements GatewayStep {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly clientIp: ClientIp,
  ) {}

  run(req: GatewayRequest, res: ServerResponse): boolean {
    const allowed = isCrossSiteRequestAllowed({
      method: req.method ?? 'GET',
      origin: header(req, 'origin'),
      secFetchSite: header(req, 'sec-fetch-site'),
      ownOrigin: `${this.clientIp.protocolOf(req)}://${header(req, 'host') ?? ''}`,
      allowedOrigins: this.config.ALLOWED_ORIGINS,
    });
    if (allowed) return true;
    sendError(res, 403, 'Cross-site request refused');
    return false;
  }
}
