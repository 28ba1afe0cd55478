import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands } from '@wave/service-runtime';
import { mediaConfigFromEnvironment } from './config/media.config';
import { migrateMedia } from './database/migrate';
import { createMediaApp } from './media-app';

/** `node main.js [serve|migrate]`. */
runServiceCommands('media', () => {
  const config = mediaConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createMediaApp(config);
      await app.listen(config.PORT, config.HOST);
    },
    migrate: async () => describeMigrationRun(await migrateMedia(config)),
  };
});
