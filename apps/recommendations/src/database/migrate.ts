import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { RecommendationsConfig } from '../config/recommendations.config';
import { RECOMMENDATIONS_SCHEMA } from '../config/recommendations.config';
import { recommendationsDataSourceOptions } from './recommendations-data-source';

/** Creates the database and schema if missing and runs pending migrations. */
export async function migrateRecommendations(config: RecommendationsConfig): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, RECOMMENDATIONS_SCHEMA);
  const dataSource = new DataSource(recommendationsDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, RECOMMENDATIONS_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}
