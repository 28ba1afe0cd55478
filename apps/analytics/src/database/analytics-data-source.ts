import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { BackfillRunEntity } from '../backfill/backfill-run.entity';
import { AppliedBatchEntity, AppliedEventEntity } from '../common/applied.entity';
import { CommunityEntity } from '../communities/community.entity';
import { CommunityOwnerEntity } from '../communities/community-owner.entity';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_SCHEMA } from '../config/analytics.config';
import { PostEntity } from '../posts/post.entity';
import {
  PageDailyStatEntity,
  PendingPostViewEntity,
  PostDailyStatEntity,
  PostHourlyStatEntity,
  UserDailyStatEntity,
  UserHourlyStatEntity,
  UserTotalEntity,
} from '../rollups/rollup.entity';
import { SeoPageEntity } from '../seo/seo-page.entity';
import { SitemapPostEntity } from '../sitemaps/sitemap-post.entity';
import { UserEntity } from '../users/user.entity';
import { ANALYTICS_MIGRATIONS } from './migrations';

/**
 * The tables TypeORM knows. The two partitioned tables (`raw_events`,
 * `post_viewers`) are not among them: TypeORM cannot describe declarative
 * partitioning, so their parents are created by a hand-written migration and
 * their day partitions by `PartitionsRepository`, and only raw SQL reads them.
 */
export const ANALYTICS_ENTITIES = [
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
];

export const analyticsDataSourceOptions = (config: AnalyticsConfig): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: ANALYTICS_SCHEMA,
    entities: ANALYTICS_ENTITIES,
    migrations: ANALYTICS_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'analytics',
  });
