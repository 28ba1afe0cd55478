import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
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

/** Analytics' own module; its infrastructure is `analyticsService`'s (service.ts). */
@Module({})
export class AppModule {
  static register(config: AnalyticsConfig): DynamicModule {
    return {
      module: AppModule,
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
