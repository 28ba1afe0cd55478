import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { SearchConfig } from '../config/search.config';
import { SEARCH_SCHEMA } from '../config/search.config';
import { searchDataSourceOptions } from './search-data-source';

/** Creates the database and schema if missing, then runs pending migrations. */
export async function migrateSearch(config: SearchConfig): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, SEARCH_SCHEMA);
  const dataSource = new DataSource(searchDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, SEARCH_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}
