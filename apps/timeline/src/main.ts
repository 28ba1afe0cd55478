import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands } from '@wave/service-runtime';
import { timelineConfigFromEnvironment } from './config/timeline.config';
import { migrateTimeline } from './database/migrate';
import { seedTimeline } from './seed/seed';
import { createTimelineApp } from './timeline-app';

/** `node main.js [serve|migrate|seed]`. */
runServiceCommands('timeline', () => {
  const config = timelineConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createTimelineApp(config);
      await app.listen(config.PORT, config.HOST);
    },
    migrate: async () => describeMigrationRun(await migrateTimeline(config)),
    seed: async () => `seeded ${await seedTimeline(config)} demo posts`,
  };
});
