import type { ServerResponse } from 'node:http';
import type { ProxiedRequest } from '../proxy/upstreams';

/**
 * One check of the gateway's request pipeline (GatewayPipeline). It answers `true` to hand the
 * request on, or answers the client itself on the raw response (a refusal) and returns `false`.
 * Synchronous checks return a plain boolean: no promise is made for them.
 */
export interface GatewayStep {
  run(req: ProxiedRequest, res: ServerResponse): boolean | Promise<boolean>;
}
