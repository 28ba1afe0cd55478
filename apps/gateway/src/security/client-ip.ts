import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import proxyAddr from 'proxy-addr';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG, trustProxySetting } from '../config/gateway.config';
import { addressKeyOf } from './address-key';

/** The client's address, believing X-Forwarded-For only from trusted proxies (TRUST_PROXY). */
@Injectable()
export class ClientIp {
  private readonly trust: (address: string, hop: number) => boolean;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const setting = trustProxySetting(config.TRUST_PROXY);
    if (typeof setting === 'boolean') this.trust = () => setting;
    else if (typeof setting === 'number') this.trust = (_address, hop) => hop < setting;
    else this.trust = proxyAddr.compile(setting);
  }

  of(request: IncomingMessage): string {
    return proxyAddr(request, this.trust);
  }

  /**
   * What every per-address limit counts the client under: its address, with
   * IPv6 grouped by /64 (addressKeyOf).
   */
  limitKeyOf(request: IncomingMessage): string {
    return addressKeyOf(this.of(request));
  }

  /** http or https, as the browser used it. */
  protocolOf(request: IncomingMessage): string {
    const socket = request.socket as { encrypted?: boolean; remoteAddress?: string };
    const forwarded = request.headers['x-forwarded-proto'];
    if (
      typeof forwarded === 'string' &&
      socket.remoteAddress &&
      this.trust(socket.remoteAddress, 0)
    ) {
      return forwarded.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
    }
    return socket.encrypted ? 'https' : 'http';
  }
}
