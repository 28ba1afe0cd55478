import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import helmet from 'helmet';
import type { GatewayStep } from '../pipeline/gateway-step';

/**
 * Helmet's headers on the raw response, first in the pipeline, so that answers
 * written by the proxy or by a later check carry them as well as the gateway's own. The API serves
 * JSON only: nothing may be framed or load anything.
 */
const applyHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
});

/**
 * The headers helmet sets, worked out once: they depend on nothing of the request (no nonce,
 * no function directive), and running helmet's eleven middlewares on every request cost more
 * than answering a page view.
 */
export function staticHelmetHeaders(): [name: string, value: string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
    },
    removeHeader: () => undefined,
    getHeader: () => undefined,
  } as unknown as ServerResponse;
  let finished = false;
  applyHeaders({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder, (error) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

const HEADERS = staticHelmetHeaders();

@Injectable()
export class SecurityHeaders implements GatewayStep {
  run(_req: IncomingMessage, res: ServerResponse): boolean {
    for (const [name, value] of HEADERS) res.setHeader(name, value);
    res.removeHeader('x-powered-by');
    return true;
  }
}
