import type { ServerResponse } from 'node:http';
import type { NestMiddleware } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';
import type { GatewayRequest } from '../proxy/raw-http';
import { sendError } from '../proxy/raw-http';
import { ClientIp } from './client-ip';
import { isCrossSiteRequestAllowed } from './csrf';

const header = (req: GatewayRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

@Injectable()
export class CsrfMiddleware implements NestMiddleware<GatewayRequest, ServerResponse> {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly clientIp: ClientIp,
  ) {}

  use(req: GatewayRequest, res: ServerResponse, next: () => void): void {
    const allowed = isCrossSiteRequestAllowed({
      method: req.method ?? 'GET',
      origin: header(req, 'origin'),
      secFetchSite: header(req, 'sec-fetch-site'),
      ownOrigin: `${this.clientIp.protocolOf(req)}://${header(req, 'host') ?? ''}`,
      allowedOrigins: this.config.ALLOWED_ORIGINS,
    });
    if (!allowed) {
      sendError(res, 403, 'Cross-site request refused');
      return;
    }
    next();
  }
}
