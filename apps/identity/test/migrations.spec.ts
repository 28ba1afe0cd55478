import { describeMigrations } from '@wave/testing';
import { IDENTITY_SCHEMA, loadIdentityConfig } from '../src/config/identity.config';
import { migrateIdentity } from '../src/database/migrate';
import { IDENTITY_MIGRATIONS } from '../src/database/migrations';
import { identityDataSourceOptions } from '../src/database/identity-data-source';

const config = (url: string) => loadIdentityConfig({ NODE_ENV: 'test', DATABASE_URL: url });

describeMigrations('identity', {
  schema: IDENTITY_SCHEMA,
  migrate: (url) => migrateIdentity(config(url)),
  dataSourceOptions: (url) => identityDataSourceOptions(config(url)),
  migrationCount: IDENTITY_MIGRATIONS.length,
});
