import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { CommunitiesConfig } from '../config/communities.config';
import { COMMUNITIES_SCHEMA } from '../config/communities.config';
import { communitiesDataSourceOptions } from './communities-data-source';

/** Creates the database and schema if missing, then runs pending migrations. */
export async function migrateCommunities(config: CommunitiesConfig): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, COMMUNITIES_SCHEMA);
  const dataSource = new DataSource(communitiesDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, COMMUNITIES_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}
