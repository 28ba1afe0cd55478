import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestMiddleware } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import helmet from 'helmet';

/**
 * Helmet's headers on the raw response, first in the pipeline, so that answers
 * written by the proxy carry them as well as the gateway's own. The API serves
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

@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware<IncomingMessage, ServerResponse> {
  use(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
    applyHeaders(req, res, next);
  }
}
