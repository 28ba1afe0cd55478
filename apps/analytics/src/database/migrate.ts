import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_SCHEMA } from '../config/analytics.config';
import { partitionWindows } from '../maintenance/partition-windows.util';
import { PartitionsRepository } from '../maintenance/partitions.repository';
import { analyticsDataSourceOptions } from './analytics-data-source';

/**
 * Creates the database and schema if missing, runs pending migrations, then
 * creates the day partitions of today's window (the retention period behind,
 * PARTITIONS_AHEAD_DAYS ahead), so the service can write from its first start.
 */
export async function migrateAnalytics(
  config: AnalyticsConfig,
  now: Date = new Date(),
): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, ANALYTICS_SCHEMA);
  const dataSource = new DataSource(analyticsDataSourceOptions(config));
  await dataSource.initialize();
  try {
    const ran = await runMigrations(dataSource, ANALYTICS_SCHEMA);
    await new PartitionsRepository(dataSource).apply(partitionWindows(config, now));
    return ran;
  } finally {
    await dataSource.destroy();
  }
}
