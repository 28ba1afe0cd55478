import { describeMigrations } from '@wave/testing';
import { TIMELINE_SCHEMA, loadTimelineConfig } from '../src/config/timeline.config';
import { migrateTimeline } from '../src/database/migrate';
import { TIMELINE_MIGRATIONS } from '../src/database/migrations';
import { timelineDataSourceOptions } from '../src/database/timeline-data-source';

const config = (url: string) => loadTimelineConfig({ NODE_ENV: 'test', DATABASE_URL: url });

describeMigrations('timeline', {
  schema: TIMELINE_SCHEMA,
  migrate: (url) => migrateTimeline(config(url)),
  dataSourceOptions: (url) => timelineDataSourceOptions(config(url)),
  migrationCount: TIMELINE_MIGRATIONS.length,
});
