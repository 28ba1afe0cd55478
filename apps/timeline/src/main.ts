import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { timelineConfigFromEnvironment } from './config/timeline.config';
import { migrateTimeline } from './database/migrate';
import { seedTimeline } from './seed/seed';
import { createTimelineApp } from './timeline-app';

/** `node main.js [serve|migrate|seed [--size default|large]]`. */
runServiceCommands('timeline', () => {
  const config = timelineConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createTimelineApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateTimeline(config)),
    seed: async () => {
      const seeded = await seedTimeline(
        config,
        seedCommandOptions('timeline', process.argv.slice(3)),
      );
      return seeded.posts === 0
        ? 'the demo posts are there already'
        : `seeded ${seeded.posts} demo posts and replies, ${seeded.likes} likes and ${seeded.retweets} retweets`;
    },
  };
});
