import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_SCHEMA } from '../config/identity.config';
import { identityDataSourceOptions } from './identity-data-source';

/** Creates the database and schema if missing, then runs pending migrations. */
export async function migrateIdentity(config: IdentityConfig): Promise<string[]> {
  await prepareDatabase(config.DATABASE_URL, IDENTITY_SCHEMA);
  const dataSource = new DataSource(identityDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, IDENTITY_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
}
