import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { InternalAuthModule } from '@wave/internal-auth';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import { RpcClientModule } from '@wave/rpc';
import type { HealthCheck } from '@wave/service-runtime';
import { HEALTH_CHECKS, HealthModule, loggingModule } from '@wave/service-runtime';
import { CandidatesRepository } from './candidates/candidates.repository';
import { CandidatesService } from './candidates/candidates.service';
import type { RecommendationsConfig } from './config/recommendations.config';
import { RECOMMENDATIONS_CONFIG } from './config/recommendations.config';
import { recommendationsDataSourceOptions } from './database/recommendations-data-source';
import { RecommendationsEventsWorker } from './events/recommendations-events.worker';
import { FeedbackRepository } from './feedback/feedback.repository';
import { OwnersCheckService } from './owners/owners-check.service';
import { ImpressionsRepository } from './ranking/impressions.repository';
import { ModelService } from './ranking/model.service';
import { ModelsRepository } from './ranking/models.repository';
import { RecommendationsCache } from './recommendations/recommendations.cache';
import { RecommendationsController } from './recommendations/recommendations.controller';
import { RecommendationsService } from './recommendations/recommendations.service';
import { SignalsRepository } from './signals/signals.repository';
import { SignalsService } from './signals/signals.service';
import { TrainingWorker } from './training/training.worker';
import { serviceMetricsModule } from '@wave/metrics';

@Module({})
export class AppModule {
  static register(config: RecommendationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule({ service: 'recommendations', level: config.LOG_LEVEL }),
        serviceMetricsModule('recommendations', config),
        TypeOrmModule.forRoot(recommendationsDataSourceOptions(config)),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'recommendations',
        }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        RpcClientModule.forRoot({
          url: config.REDIS_URL,
          prefix: config.REDIS_KEY_PREFIX,
          timeoutMs: config.OWNER_CHECK_TIMEOUT_MS,
        }),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT],
          useFactory: (dataSource: DataSource, redis: Redis): HealthCheck[] => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
          ],
        }),
      ],
      controllers: [RecommendationsController],
      providers: [
        { provide: RECOMMENDATIONS_CONFIG, useValue: config },
        SignalsRepository,
        SignalsService,
        RecommendationsEventsWorker,
        CandidatesRepository,
        CandidatesService,
        ModelsRepository,
        ModelService,
        ImpressionsRepository,
        FeedbackRepository,
        OwnersCheckService,
        RecommendationsCache,
        RecommendationsService,
        TrainingWorker,
      ],
    };
  }
}
