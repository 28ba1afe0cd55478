import { describeMigrations } from '@wave/testing';
import { SEARCH_SCHEMA, loadSearchConfig } from '../src/config/search.config';
import { migrateSearch } from '../src/database/migrate';
import { SEARCH_MIGRATIONS } from '../src/database/migrations';
import { searchDataSourceOptions } from '../src/database/search-data-source';

const config = (url: string) => loadSearchConfig({ NODE_ENV: 'test', DATABASE_URL: url });

describeMigrations('search', {
  schema: SEARCH_SCHEMA,
  migrate: (url) => migrateSearch(config(url)),
  dataSourceOptions: (url) => searchDataSourceOptions(config(url)),
  migrationCount: SEARCH_MIGRATIONS.length,
});
