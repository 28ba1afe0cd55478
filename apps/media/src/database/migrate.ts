import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_SCHEMA } from '../config/media.config';
import { mediaDataSourceOptions } from './media-data-source';

/** Creates the database and schema if missing, then runs pending migrations. */
export async function migrateMedia(config: MediaConfig): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, MEDIA_SCHEMA);
  const dataSource = new DataSource(mediaDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, MEDIA_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}
