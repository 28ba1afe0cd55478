import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import { SessionStore } from './session-store';

/** Provides `SessionStore` on the app's shared Redis client (RedisModule). */
@Module({})
export class SessionsModule {
  static forRoot(options: { ttlSeconds: number }): DynamicModule {
    return {
      module: SessionsModule,
      providers: [
        {
          provide: SessionStore,
          inject: [REDIS_CLIENT],
          useFactory: (redis: Redis) => new SessionStore(redis, options.ttlSeconds),
        },
      ],
      exports: [SessionStore],
    };
  }
}
