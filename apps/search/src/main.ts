import 'reflect-metadata';
import { describeReindex, parseReindexArguments, reindexSearch } from './reindex/reindex.command';
import { searchService } from './service';

/** `node main.js [serve|migrate|reindex [--fresh] [--page-size N] [--max-pages N]]`. */
searchService.main((config) => ({
  reindex: async () =>
    describeReindex(await reindexSearch(config, parseReindexArguments(process.argv.slice(3)))),
}));
