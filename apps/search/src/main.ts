import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands } from '@wave/service-runtime';
import { searchConfigFromEnvironment } from './config/search.config';
import { migrateSearch } from './database/migrate';
import { createSearchApp } from './search-app';

/** `node main.js [serve|migrate]`. */
runServiceCommands('search', () => {
  const config = searchConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createSearchApp(config);
      await app.listen(config.PORT, config.HOST);
    },
    migrate: async () => describeMigrationRun(await migrateSearch(config)),
  };
});
