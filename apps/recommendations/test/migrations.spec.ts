import { describeMigrations } from '@wave/testing';
import {
  loadRecommendationsConfig,
  RECOMMENDATIONS_SCHEMA,
} from '../src/config/recommendations.config';
import { migrateRecommendations } from '../src/database/migrate';
import { RECOMMENDATIONS_MIGRATIONS } from '../src/database/migrations';
import { recommendationsDataSourceOptions } from '../src/database/recommendations-data-source';

const config = (url: string) => loadRecommendationsConfig({ NODE_ENV: 'test', DATABASE_URL: url });

describeMigrations('recommendations', {
  schema: RECOMMENDATIONS_SCHEMA,
  migrate: (url) => migrateRecommendations(config(url)),
  dataSourceOptions: (url) => recommendationsDataSourceOptions(config(url)),
  migrationCount: RECOMMENDATIONS_MIGRATIONS.length,
});
