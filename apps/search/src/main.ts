import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { searchConfigFromEnvironment } from './config/search.config';
import { migrateSearch } from './database/migrate';
import { describeReindex, parseReindexArguments, reindexSearch } from './reindex/reindex.command';
import { createSearchApp } from './search-app';

/** `node main.js [serve|migrate|reindex [--fresh] [--page-size N] [--max-pages N]]`. */
runServiceCommands('search', () => {
  const config = searchConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createSearchApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateSearch(config)),
    reindex: async () =>
      describeReindex(await reindexSearch(config, parseReindexArguments(process.argv.slice(3)))),
  };
});
