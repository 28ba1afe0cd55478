import { defineService } from '@wave/service-runtime';
import { AppModule } from './app.module';
import { BackfillRunEntity } from './backfill/backfill-run.entity';
import { AppliedBatchEntity, AppliedEventEntity } from './common/applied.entity';
import { CommunityEntity } from './communities/community.entity';
import { CommunityOwnerEntity } from './communities/community-owner.entity';
import { ANALYTICS_SCHEMA, loadAnalyticsConfig } from './config/analytics.config';
import { ANALYTICS_MIGRATIONS } from './database/migrations';
import { partitionWindows } from './maintenance/partition-windows.util';
import { PartitionsRepository } from './maintenance/partitions.repository';
import { PostEntity } from './posts/post.entity';
import {
  PageDailyStatEntity,
  PendingPostViewEntity,
  PostDailyStatEntity,
  PostHourlyStatEntity,
  UserDailyStatEntity,
  UserHourlyStatEntity,
  UserTotalEntity,
} from './rollups/rollup.entity';
import { SeoPageEntity } from './seo/seo-page.entity';
import { SitemapPostEntity } from './sitemaps/sitemap-post.entity';
import { UserEntity } from './users/user.entity';

/** Views, engagement rollups, members' and posts' analytics, SEO analysis and sitemaps. */
export const analyticsService = defineService({
  name: 'analytics',
  schema: ANALYTICS_SCHEMA,
  /**
   * The tables TypeORM knows. The two partitioned tables (`raw_events`,
   * `post_viewers`) are not among them: TypeORM cannot describe declarative
   * partitioning, so their parents are created by a hand-written migration and
   * their day partitions by `PartitionsRepository`, and only raw SQL reads them.
   */
  entities: [
    PostEntity,
    UserHourlyStatEntity,
    UserDailyStatEntity,
    PostHourlyStatEntity,
    PostDailyStatEntity,
    PendingPostViewEntity,
    PageDailyStatEntity,
    UserTotalEntity,
    AppliedEventEntity,
    AppliedBatchEntity,
    SeoPageEntity,
    UserEntity,
    CommunityEntity,
    SitemapPostEntity,
    BackfillRunEntity,
    CommunityOwnerEntity,
  ],
  migrations: ANALYTICS_MIGRATIONS,
  loadConfig: loadAnalyticsConfig,
  module: (config) => AppModule.register(config),
  events: false,
  rpc: () => ({}),
  /**
   * After the migrations, the day partitions of today's window (the retention period behind,
   * PARTITIONS_AHEAD_DAYS ahead), so the service can write from its first start.
   */
  afterMigrate: async (dataSource, config) => {
    await new PartitionsRepository(dataSource).apply(partitionWindows(config, new Date()));
  },
});
