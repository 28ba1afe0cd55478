import type { DynamicModule, Provider } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { InternalAuthModule } from '@wave/internal-auth';
import { MessagingModule } from '@wave/messaging';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import { RpcClientModule } from '@wave/rpc';
import type { HealthCheck } from '@wave/service-runtime';
import { HEALTH_CHECKS, HealthModule, loggingModule } from '@wave/service-runtime';
import { SessionsModule } from '@wave/sessions';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { CommonPasswords } from './auth/common-passwords';
import { PasswordHasher } from './auth/password-hasher';
import { SessionCookies } from './auth/session-cookies';
import { LocalStrategy } from './auth/strategies/local.strategy';
import type { IdentityConfig } from './config/identity.config';
import { IDENTITY_CONFIG } from './config/identity.config';
import { identityDataSourceOptions } from './database/identity-data-source';
import { IdentityEventsWorker } from './events/identity-events.worker';
import { FollowsController } from './follows/follows.controller';
import { FollowsRepository } from './follows/follows.repository';
import { FollowsService } from './follows/follows.service';
import { IdentityRpcServer } from './rpc/identity-rpc.server';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { serviceMetricsModule } from '@wave/metrics';

@Module({})
export class AppModule {
  /** `overrides` replace providers of the same token (the demo seed's password hasher). */
  static register(config: IdentityConfig, overrides: Provider[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule({ service: 'identity', level: config.LOG_LEVEL }),
        serviceMetricsModule('identity', config),
        TypeOrmModule.forRoot(identityDataSourceOptions(config)),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'identity',
        }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        RpcClientModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX }),
        MessagingModule.forService(config),
        SessionsModule.forRoot({ ttlSeconds: config.SESSION_TTL_SECONDS }),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT],
          useFactory: (dataSource: DataSource, redis: Redis): HealthCheck[] => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
          ],
        }),
      ],
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
