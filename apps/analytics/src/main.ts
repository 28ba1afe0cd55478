import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands } from '@wave/service-runtime';
import { createAnalyticsApp } from './analytics-app';
import { analyticsConfigFromEnvironment } from './config/analytics.config';
import { migrateAnalytics } from './database/migrate';

/** `node main.js [serve|migrate]`. */
runServiceCommands('analytics', () => {
  const config = analyticsConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createAnalyticsApp(config);
      await app.listen(config.PORT, config.HOST);
    },
    migrate: async () => describeMigrationRun(await migrateAnalytics(config)),
  };
});
