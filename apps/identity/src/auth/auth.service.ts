import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { LoginRequest, RegisterRequest, UserResponse } from '@wave/contracts';
import { isReservedUsername } from '@wave/contracts';
import { isUniqueViolation } from '@wave/database';
import { EventOutbox } from '@wave/messaging';
import { SessionStore } from '@wave/sessions';
import { IdentityException } from '../common/identity.exception';
import type { UserEntity } from '../users/user.entity';
import { toUserRegisteredEvent, toUserResponse } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { CommonPasswords } from './common-passwords';
import { PasswordHasher } from './password-hasher';

export interface SignedIn {
  user: UserResponse;
  token: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    private readonly outbox: EventOutbox,
    private readonly commonPasswords: CommonPasswords,
  ) {}

  /**
   * Creates the account (publishing user.registered) and signs it in. `at`
   * backdates the sign-up (the demo seed's members joined over the years); now
   * when not given.
   */
  async register(request: RegisterRequest, at?: Date): Promise<SignedIn> {
    if (this.commonPasswords.has(request.password)) {
      throw new IdentityException('PASSWORD_TOO_COMMON');
    }
    if (isReservedUsername(request.username)) throw new IdentityException('USERNAME_RESERVED');
    const taken = await this.users.usernameOrEmailTaken(request.username, request.email);
    if (taken) throw new IdentityException(taken === 'username' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN');

    const passwordHash = await this.hasher.hash(request.password);
    let user;
    try {
      user = await this.outbox.transaction(async (manager) => {
        const created = await this.users.insert(manager, {
          id: at ? uuidv7({ msecs: at.getTime() }) : uuidv7(),
          username: request.username,
          email: request.email,
          passwordHash,
          displayName: request.displayName,
          ...(at ? { createdAt: at, updatedAt: at } : {}),
        });
        await this.outbox.append(manager, 'user.registered', toUserRegisteredEvent(created));
        return created;
      });
    } catch (error) {
      // Someone took the name or email between the check and the insert.
      if (isUniqueViolation(error, 'uq_users_username_lower'))
        throw new IdentityException('USERNAME_TAKEN');
      if (isUniqueViolation(error, 'uq_users_email')) throw new IdentityException('EMAIL_TAKEN');
      throw error;
    }
    const { token } = await this.sessions.create(user.id);
    return { user: toUserResponse(user, { self: true }), token };
  }

  /**
   * The account these credentials open, or null. Unknown email and wrong password
   * fail alike, in the same time. A hash made with older parameters is upgraded
   * here, the one moment the password is at hand.
   */
  async validateCredentials(credentials: LoginRequest): Promise<UserEntity | null> {
    const user = await this.users.findByEmail(credentials.email);
    const valid = user
      ? await this.hasher.verify(user.passwordHash, credentials.password)
      : await this.hasher.verifyNothing(credentials.password);
    if (!user || !valid) return null;

    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.updatePasswordHash(user.id, await this.hasher.hash(credentials.password));
    }
    return user;
  }

  /**
   * Starts a new session for a user a strategy authenticated, ending the one the
   * browser came with (a fresh token on every sign-in).
   */
  async signIn(user: UserEntity, previousToken: string | undefined): Promise<SignedIn> {
    await this.sessions.destroy(previousToken);
    const { token } = await this.sessions.create(user.id);
    return { user: toUserResponse(user, { self: true }), token };
  }

  logout(token: string | undefined): Promise<void> {
    return this.sessions.destroy(token);
  }
}
