import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { UserEntity } from '../../users/user.entity';
import { AuthService } from '../auth.service';

/** The passport name of sign-in with email and password. */
export const LOCAL_STRATEGY = 'local';

/**
 * Sign-in with email and password (`POST /api/login`). It reads the body
 * LocalAuthGuard has already validated, so the email arrives trimmed and
 * lowercased; null (unknown email or wrong password) fails the sign-in.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, LOCAL_STRATEGY) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', session: false });
  }

  validate(email: string, password: string): Promise<UserEntity | null> {
    return this.auth.validateCredentials({ email, password });
  }
}
