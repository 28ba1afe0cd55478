import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { InternalAuthOptions } from './internal-auth.options';
import { INTERNAL_AUTH_OPTIONS } from './internal-auth.options';
import { INTERNAL_IDENTITY_HEADER, verifyInternalIdentity } from './internal-identity';

/** The passport name of the gateway's signed identity header. */
export const INTERNAL_IDENTITY_STRATEGY = 'internal-identity';

/** Who the gateway says is calling: a user, or a visitor (`userId: null`). */
export interface CallerIdentity {
  userId: string | null;
}

const REFUSALS = {
  missing: 'Requests must come through the gateway',
  malformed: 'Invalid internal identity',
  'bad-signature': 'Invalid internal identity',
  expired: 'Expired internal identity',
} as const;

/**
 * Authenticates a request by the gateway's `x-internal-identity` header. A valid
 * header without a user id authenticates too: the caller is a visitor whose
 * request came through the gateway, and routes decide whether that is enough.
 *
 * Passport keeps strategies by name in one registry per process, so a process
 * runs one service (with one secret), as the services and their tests do.
 */
@Injectable()
export class InternalIdentityStrategy extends PassportStrategy(
  Strategy,
  INTERNAL_IDENTITY_STRATEGY,
) {
  constructor(@Inject(INTERNAL_AUTH_OPTIONS) private readonly options: InternalAuthOptions) {
    super();
  }

  validate(request: FastifyRequest): CallerIdentity {
    const header = request.headers[INTERNAL_IDENTITY_HEADER];
    const result = verifyInternalIdentity({
      secret: this.options.secret,
      header: Array.isArray(header) ? undefined : header,
      method: request.method,
      url: request.url,
    });
    if (!result.ok) throw new UnauthorizedException(REFUSALS[result.reason]);
    return { userId: result.userId };
  }
}
