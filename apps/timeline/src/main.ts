import 'reflect-metadata';
import { timelineConfigFromEnvironment } from './config/timeline.config';
import { migrateTimeline } from './database/migrate';
import { seedTimeline } from './seed/seed';
import { createTimelineApp } from './timeline-app';

/**
 * `node main.js [serve|migrate|seed]`: serve (the default) answers HTTP, migrate
 * brings the schema up to date, seed writes the demo posts.
 */
async function main(): Promise<void> {
  const config = timelineConfigFromEnvironment();
  const command = process.argv[2] ?? 'serve';
  switch (command) {
    case 'migrate': {
      const ran = await migrateTimeline(config);
      process.stdout.write(
        `timeline: ${ran.length === 0 ? 'schema up to date' : `ran ${ran.join(', ')}`}\n`,
      );
      return;
    }
    case 'seed': {
      const created = await seedTimeline(config);
      process.stdout.write(`timeline: seeded ${created} demo posts\n`);
      return;
    }
    case 'serve': {
      const app = await createTimelineApp(config);
      await app.listen(config.PORT, config.HOST);
      return;
    }
    default:
      throw new Error(`Unknown command "${command}": use serve, migrate or seed`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
