import type {
  DynamicModule,
  MiddlewareConsumer,
  NestModule,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Inject, Injectable, Module, RequestMethod } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import type { HealthCheck } from '@wave/service-runtime';
import { HEALTH_CHECKS, HealthModule, loggingModule } from '@wave/service-runtime';
import { CachedSessions, SessionsModule, SessionStore } from '@wave/sessions';
import type { GatewayConfig } from './config/gateway.config';
import { GATEWAY_CONFIG } from './config/gateway.config';
import { GatewayHealthController } from './health/gateway-health.controller';
import { PageViewQueue } from './page-views/page-view-queue';
import { PageViewsController } from './page-views/page-views.controller';
import { ProxyMiddleware } from './proxy/proxy.middleware';
import { Upstreams } from './proxy/upstreams';
import { AuthRateLimitMiddleware } from './security/auth-rate-limit.middleware';
import { ClientIp } from './security/client-ip';
import { CsrfMiddleware } from './security/csrf.middleware';
import { LoginFailures } from './security/login-failures';
import { RateLimits } from './security/rate-limits';
import { RequestRateLimitMiddleware } from './security/request-rate-limit.middleware';
import { SecurityHeadersMiddleware } from './security/security-headers.middleware';

/** Ends the session cache's subscription with the app. */
@Injectable()
class SessionCacheShutdown implements OnApplicationShutdown {
  constructor(@Inject(CachedSessions) private readonly sessions: CachedSessions) {}

  async onApplicationShutdown(): Promise<void> {
    await this.sessions.stop();
  }
}

@Module({})
export class GatewayModule implements NestModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        loggingModule({ service: 'gateway', level: config.LOG_LEVEL }),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'gateway',
          failFast: true,
        }),
        SessionsModule.forRoot({ ttlSeconds: config.SESSION_TTL_SECONDS }),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [REDIS_CLIENT],
          useFactory: (redis: Redis): HealthCheck[] => [
            { name: 'redis', check: () => redis.ping() },
          ],
        }),
      ],
      controllers: [GatewayHealthController, PageViewsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        ClientIp,
        LoginFailures,
        RateLimits,
        Upstreams,
        PageViewQueue,
        {
          provide: CachedSessions,
          inject: [SessionStore, REDIS_CLIENT],
          useFactory: (store: SessionStore, redis: Redis) => {
            const sessions = new CachedSessions(store, redis, {
              ttlMs: config.SESSION_CACHE_MS,
              maxEntries: config.SESSION_CACHE_MAX_ENTRIES,
            });
            sessions.start();
            return sessions;
          },
        },
        SessionCacheShutdown,
      ],
    };
  }

  /** The request pipeline, in order: headers, budget, CSRF, sign-in limits, routing. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(
        SecurityHeadersMiddleware,
        RequestRateLimitMiddleware,
        CsrfMiddleware,
        AuthRateLimitMiddleware,
        ProxyMiddleware,
      )
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
