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
import { AnalyticsController } from './analytics/analytics.controller';
import { UserAnalyticsRepository } from './analytics/user-analytics.repository';
import { UserAnalyticsService } from './analytics/user-analytics.service';
import { BackfillWorker } from './backfill/backfill.worker';
import { BackfillRunsRepository } from './backfill/backfill-runs.repository';
import { ProjectionsBackfillService } from './backfill/projections-backfill.service';
import { RawEventsRepository } from './common/raw-events.repository';
import { CommunitiesRepository } from './communities/communities.repository';
import type { AnalyticsConfig } from './config/analytics.config';
import { ANALYTICS_CONFIG } from './config/analytics.config';
import { analyticsDataSourceOptions } from './database/analytics-data-source';
import { AnalyticsEventsWorker } from './events/analytics-events.worker';
import { EngagementRepository } from './events/engagement.repository';
import { EngagementService } from './events/engagement.service';
import { IngestRepository } from './ingest/ingest.repository';
import { IngestService } from './ingest/ingest.service';
import { IngestWorker } from './ingest/ingest.worker';
import { ViewBatcher } from './ingest/view-batcher';
import { MaintenanceWorker } from './maintenance/maintenance.worker';
import { PartitionsRepository } from './maintenance/partitions.repository';
import { RetentionRepository } from './maintenance/retention.repository';
import { PostViewsController } from './posts/post-views.controller';
import { PostViewsService } from './posts/post-views.service';
import { PostsRepository } from './posts/posts.repository';
import { RollupsRepository } from './rollups/rollups.repository';
import { SeoAnalysisController } from './seo/seo-analysis.controller';
import { AutoSeoService } from './seo/auto-seo.service';
import { AutoSeoWorker } from './seo/auto-seo.worker';
import { PageFetcher } from './seo/page-fetcher';
import { SeoAnalysisService } from './seo/seo-analysis.service';
import { SeoDashboardService } from './seo/seo-dashboard.service';
import { SeoPagesRepository } from './seo/seo-pages.repository';
import { SitemapsController } from './sitemaps/sitemaps.controller';
import { SitemapsRepository } from './sitemaps/sitemaps.repository';
import { SitemapsService } from './sitemaps/sitemaps.service';
import { UsersRepository } from './users/users.repository';
import { serviceMetricsModule } from '@wave/metrics';

@Module({})
export class AppModule {
  static register(config: AnalyticsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule({ service: 'analytics', level: config.LOG_LEVEL }),
        serviceMetricsModule('analytics', config),
        TypeOrmModule.forRoot(analyticsDataSourceOptions(config)),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'analytics',
        }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        RpcClientModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX }),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT],
          useFactory: (dataSource: DataSource, redis: Redis): HealthCheck[] => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
          ],
        }),
      ],
      controllers: [
        SeoAnalysisController,
        AnalyticsController,
        PostViewsController,
        SitemapsController,
      ],
      providers: [
        { provide: ANALYTICS_CONFIG, useValue: config },
        RollupsRepository,
        RawEventsRepository,
        IngestRepository,
        EngagementRepository,
        UserAnalyticsRepository,
        PostsRepository,
        PartitionsRepository,
        RetentionRepository,
        ViewBatcher,
        IngestService,
        EngagementService,
        UserAnalyticsService,
        PostViewsService,
        SeoAnalysisService,
        SeoPagesRepository,
        UsersRepository,
        CommunitiesRepository,
        SitemapsRepository,
        SitemapsService,
        PageFetcher,
        AutoSeoService,
        SeoDashboardService,
        AutoSeoWorker,
        IngestWorker,
        AnalyticsEventsWorker,
        MaintenanceWorker,
        BackfillRunsRepository,
        ProjectionsBackfillService,
        BackfillWorker,
      ],
    };
  }
}
