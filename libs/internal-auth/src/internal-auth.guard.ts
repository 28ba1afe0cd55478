import type { ExecutionContext } from '@nestjs/common';
import {
  createParamDecorator,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IAuthModuleOptions } from '@nestjs/passport';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import type { CallerIdentity } from './internal-identity.strategy';
import { INTERNAL_IDENTITY_STRATEGY } from './internal-identity.strategy';

const SKIP_INTERNAL_AUTH = 'wave:skip-internal-auth';
/** For probes only (`/health`): everything else needs the gateway's signature. */
export const SkipInternalAuth = () => SetMetadata(SKIP_INTERNAL_AUTH, true);

/** Where the guard leaves the caller's identity on the request (passport's `property`). */
const IDENTITY_PROPERTY = 'identity';
type RequestWithIdentity = FastifyRequest & { [IDENTITY_PROPERTY]?: CallerIdentity };

/**
 * Every HTTP route of a service authenticates through the internal-identity
 * strategy (401 with the strategy's reason when it refuses), except those marked
 * `@SkipInternalAuth()`. No sessions: the gateway signs every request.
 */
@Injectable()
export class InternalAuthGuard extends AuthGuard(INTERNAL_IDENTITY_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const skip = this.reflector.getAllAndOverride<boolean | undefined>(SKIP_INTERNAL_AUTH, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (skip) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions(): IAuthModuleOptions {
    return { session: false, property: IDENTITY_PROPERTY };
  }
}

const identityOf = (context: ExecutionContext): CallerIdentity =>
  context.switchToHttp().getRequest<RequestWithIdentity>()[IDENTITY_PROPERTY] ?? { userId: null };

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
