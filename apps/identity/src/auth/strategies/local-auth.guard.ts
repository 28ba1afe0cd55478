import type { ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { loginRequestSchema } from '@wave/contracts';
import { ZodValidationPipe } from '@wave/service-runtime';
import { IdentityException } from '../../common/identity.exception';
import type { UserEntity } from '../../users/user.entity';
import { LOCAL_STRATEGY } from './local.strategy';

/** A request LocalAuthGuard let through: `user` is the account the credentials opened. */
export type SignedInRequest = FastifyRequest & { user: UserEntity };

/**
 * Runs the local strategy on `POST /api/login`. Guards run before pipes, so the
 * guard validates the body with the login contract itself: a bad body gets the
 * contract's 400 before any password is checked, and the strategy reads the
 * normalised email. Any failed sign-in answers 401 "Invalid email or password".
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard(LOCAL_STRATEGY) {
  private readonly body = new ZodValidationPipe(loginRequestSchema);

  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.body = this.body.transform(request.body);
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: Error | null, user: TUser | false | null): TUser {
    if (error) throw error;
    if (!user) throw new IdentityException('INVALID_CREDENTIALS');
    return user;
  }
}
