import { describeMigrations } from '@wave/testing';
import { ANALYTICS_SCHEMA, loadAnalyticsConfig } from '../src/config/analytics.config';
import { analyticsDataSourceOptions } from '../src/database/analytics-data-source';
import { migrateAnalytics } from '../src/database/migrate';
import { ANALYTICS_MIGRATIONS } from '../src/database/migrations';

const config = (url: string) =>
  loadAnalyticsConfig({ NODE_ENV: 'test', DATABASE_URL: url, RAW_EVENTS_RETENTION_DAYS: '3' });

describeMigrations('analytics', {
  schema: ANALYTICS_SCHEMA,
  migrate: (url) => migrateAnalytics(config(url)),
  dataSourceOptions: (url) => analyticsDataSourceOptions(config(url)),
  migrationCount: ANALYTICS_MIGRATIONS.length,
});
