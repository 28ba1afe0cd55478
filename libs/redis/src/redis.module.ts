import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RedisClientOptions } from './redis-client';
import { createRedisClient, waitForRedis } from './redis-client';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

@Injectable()
class RedisLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Redis');

  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  /** The app starts serving once Redis answers (or after 5 s without it, saying so). */
  async onApplicationBootstrap(): Promise<void> {
    if (!(await waitForRedis(this.redis, 5_000))) {
      this.logger.warn('Redis is not reachable; starting without it');
    }
  }

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
        RedisLifecycle,
      ],
      exports: [REDIS_CLIENT],
    };
  }
}
