import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RedisClientOptions } from './redis-client';
import { createRedisClient } from './redis-client';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared Redis client (`REDIS_CLIENT`), closed when the app stops. */
@Module({})
export class RedisModule {
  static forRoot(options: RedisClientOptions): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [
        {
          provide: REDIS_CLIENT,
          useFactory: () => {
            const client = createRedisClient(options);
            const logger = new Logger(`Redis(${options.name})`);
            let lastLogged = 0;
            client.on('error', (error: Error) => {
              // Reconnects are automatic; say so once in a while, not on every attempt.
              if (Date.now() - lastLogged < 30_000) return;
              lastLogged = Date.now();
              logger.warn(`Redis unavailable, reconnecting: ${error.message}`);
            });
            return client;
          },
        },
        RedisShutdown,
      ],
      exports: [REDIS_CLIENT],
    };
  }
}
