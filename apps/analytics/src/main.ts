import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { createAnalyticsApp } from './analytics-app';
import { analyticsConfigFromEnvironment } from './config/analytics.config';
import { migrateAnalytics } from './database/migrate';
import { seedAnalytics } from './seed/seed';

/** `node main.js [serve|migrate|seed [--size default|large]]`. */
runServiceCommands('analytics', () => {
  const config = analyticsConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createAnalyticsApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateAnalytics(config)),
    seed: async () => {
      const seeded = await seedAnalytics(
        config,
        seedCommandOptions('analytics', process.argv.slice(3)),
      );
      return seeded.pageViews === 0
        ? 'views were counted already'
        : `seeded ${seeded.pageViews} page views and ${seeded.postViews} post views`;
    },
  };
});
