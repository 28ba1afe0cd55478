import { describeMigrations } from '@wave/testing';
import { MEDIA_SCHEMA, loadMediaConfig } from '../src/config/media.config';
import { migrateMedia } from '../src/database/migrate';
import { MEDIA_MIGRATIONS } from '../src/database/migrations';
import { mediaDataSourceOptions } from '../src/database/media-data-source';

const config = (url: string) => loadMediaConfig({ NODE_ENV: 'test', DATABASE_URL: url });

describeMigrations('media', {
  schema: MEDIA_SCHEMA,
  migrate: (url) => migrateMedia(config(url)),
  dataSourceOptions: (url) => mediaDataSourceOptions(config(url)),
  migrationCount: MEDIA_MIGRATIONS.length,
});
