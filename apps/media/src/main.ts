import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { mediaConfigFromEnvironment } from './config/media.config';
import { migrateMedia } from './database/migrate';
import { createMediaApp } from './media-app';

/** `node main.js [serve|migrate]`. */
runServiceCommands('media', () => {
  const config = mediaConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createMediaApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateMedia(config)),
  };
});
