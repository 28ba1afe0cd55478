import { describeMigrations } from '@wave/testing';
import { COMMUNITIES_SCHEMA, loadCommunitiesConfig } from '../src/config/communities.config';
import { migrateCommunities } from '../src/database/migrate';
import { COMMUNITIES_MIGRATIONS } from '../src/database/migrations';
import { communitiesDataSourceOptions } from '../src/database/communities-data-source';

const config = (url: string) => loadCommunitiesConfig({ NODE_ENV: 'test', DATABASE_URL: url });

describeMigrations('communities', {
  schema: COMMUNITIES_SCHEMA,
  migrate: (url) => migrateCommunities(config(url)),
  dataSourceOptions: (url) => communitiesDataSourceOptions(config(url)),
  migrationCount: COMMUNITIES_MIGRATIONS.length,
});
