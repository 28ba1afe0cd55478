import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SignedInjectOptions {
  /** Signed in as this user (null: a signed visitor; undefined: no identity header at all). */
  as?: string | null;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * A request to a service app in-process, as the gateway would send it: with
 * the internal identity header signed for this method and URL.
 */
export function injectSigned(
  app: NestFastifyApplication,
  secret: string,
  method: HttpMethod,
  url: string,
  options: SignedInjectOptions = {},
): Promise<InjectResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as !== undefined) {
    headers[INTERNAL_IDENTITY_HEADER] = signInternalIdentity({
      secret,
      userId: options.as,
      method,
      url,
    });
  }
  if (options.cookie) headers['cookie'] = options.cookie;
  return app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
