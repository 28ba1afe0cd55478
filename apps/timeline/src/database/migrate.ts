import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_SCHEMA } from '../config/timeline.config';
import { timelineDataSourceOptions } from './timeline-data-source';

/** Creates the database and schema if missing, then runs pending migrations. */
export async function migrateTimeline(config: TimelineConfig): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, TIMELINE_SCHEMA);
  const dataSource = new DataSource(timelineDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, TIMELINE_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}
