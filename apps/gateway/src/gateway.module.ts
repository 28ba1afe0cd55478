import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
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
import { GatewayPipeline } from './pipeline/gateway-pipeline';
import { ProxyRouter } from './proxy/proxy-router';
import { UpstreamMetrics } from './proxy/upstream-metrics';
import { Upstreams } from './proxy/upstreams';
import { AuthRateLimits } from './security/auth-rate-limits';
import { ClientIp } from './security/client-ip';
import { CsrfCheck } from './security/csrf-check';
import { LoginFailures } from './security/login-failures';
import { RateLimits } from './security/rate-limits';
import { RequestBudget } from './security/request-budget';
import { SecurityHeaders } from './security/security-headers';
import { serviceMetricsModule } from '@wave/metrics';

/** Ends the session cache's subscription with the app. */
@Injectable()
class SessionCacheShutdown implements OnApplicationShutdown {
  constructor(@Inject(CachedSessions) private readonly sessions: CachedSessions) {}

  async onApplicationShutdown(): Promise<void> {
    await this.sessions.stop();
  }
}

/** The gateway's providers; its request pipeline is a Fastify hook (GatewayPipeline, gateway-app.ts). */
@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        loggingModule({ service: 'gateway', level: config.LOG_LEVEL, perRequest: false }),
        serviceMetricsModule('gateway', config),
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
        UpstreamMetrics,
        Upstreams,
        PageViewQueue,
        SecurityHeaders,
        RequestBudget,
        CsrfCheck,
        AuthRateLimits,
        ProxyRouter,
        GatewayPipeline,
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
}
