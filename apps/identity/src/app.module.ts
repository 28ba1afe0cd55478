import type { DynamicModule, Provider } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { SessionsModule } from '@wave/sessions';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { CommonPasswords } from './auth/common-passwords';
import { PasswordHasher } from './auth/password-hasher';
import { SessionCookies } from './auth/session-cookies';
import { LocalStrategy } from './auth/strategies/local.strategy';
import type { IdentityConfig } from './config/identity.config';
import { IDENTITY_CONFIG } from './config/identity.config';
import { IdentityEventsWorker } from './events/identity-events.worker';
import { FollowsController } from './follows/follows.controller';
import { FollowsRepository } from './follows/follows.repository';
import { FollowsService } from './follows/follows.service';
import { IdentityRpcServer } from './rpc/identity-rpc.server';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

/** Identity's own module; its infrastructure is `identityService`'s (service.ts). */
@Module({})
export class AppModule {
  /** `overrides` replace providers of the same token (the demo seed's password hasher). */
  static register(config: IdentityConfig, overrides: Provider[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [SessionsModule.forRoot({ ttlSeconds: config.SESSION_TTL_SECONDS })],
      controllers: [AuthController, UsersController, FollowsController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        AuthService,
        CommonPasswords,
        LocalStrategy,
        PasswordHasher,
        SessionCookies,
        UsersRepository,
        UsersService,
        FollowsRepository,
        FollowsService,
        IdentityEventsWorker,
        IdentityRpcServer,
        ...overrides,
      ],
    };
  }
}
