import type { CanActivate, ExecutionContext } from '@nestjs/common';
import {
  createParamDecorator,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { INTERNAL_IDENTITY_HEADER, verifyInternalIdentity } from './internal-identity';

export const INTERNAL_AUTH_OPTIONS = Symbol('INTERNAL_AUTH_OPTIONS');
export interface InternalAuthOptions {
  secret: string;
}

const SKIP_INTERNAL_AUTH = 'wave:skip-internal-auth';
/** For probes only (`/health`): everything else needs the gateway's signature. */
export const SkipInternalAuth = () => SetMetadata(SKIP_INTERNAL_AUTH, true);

export interface CallerIdentity {
  userId: string | null;
}
type RequestWithIdentity = FastifyRequest & { identity?: CallerIdentity };

const REFUSALS = {
  missing: 'Requests must come through the gateway',
  malformed: 'Invalid internal identity',
  'bad-signature': 'Invalid internal identity',
  expired: 'Expired internal identity',
} as const;

@Injectable()
export class InternalAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(INTERNAL_AUTH_OPTIONS) private readonly options: InternalAuthOptions,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const skip = this.reflector.getAllAndOverride<boolean | undefined>(SKIP_INTERNAL_AUTH, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (skip) return true;
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    const header = request.headers[INTERNAL_IDENTITY_HEADER];
    const result = verifyInternalIdentity({
      secret: this.options.secret,
      header: Array.isArray(header) ? undefined : header,
      method: request.method,
      url: request.url,
    });
    if (!result.ok) throw new UnauthorizedException(REFUSALS[result.reason]);
    request.identity = { userId: result.userId };
    return true;
  }
}

const identityOf = (context: ExecutionContext): CallerIdentity =>
  context.switchToHttp().getRequest<RequestWithIdentity>().identity ?? { userId: null };

/** The signed-in caller's id; 401 for a visitor. */
export const AuthenticatedUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => {
    const { userId } = identityOf(context);
    if (!userId) throw new UnauthorizedException('Authentication required');
    return userId;
  },
);

/** The signed-in caller's id, or null for a visitor. */
export const OptionalUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | null => identityOf(context).userId,
);
