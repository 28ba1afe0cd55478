import type { DynamicModule } from '@nestjs/common';
import { Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SearchConfig } from './config/search.config';
import { SearchClicksRepository } from './analytics/search-clicks.repository';
import { SearchClicksService } from './analytics/search-clicks.service';
import { SEARCH_CONFIG } from './config/search.config';
import { MeiliSearchEngine } from './engine/meili-search.engine';
import { PostgresSearchEngine } from './engine/postgres-search.engine';
import type { SearchEngine } from './engine/search-engine';
import { SEARCH_ENGINE } from './engine/search-engine';
import { SearchIndexerWorker } from './events/search-indexer.worker';
import { SearchResultsCache, withResultsCache } from './search/search-results.cache';
import { SearchController } from './search/search.controller';

/** Search's own module; its infrastructure is `searchService`'s (service.ts). */
@Module({})
export class AppModule {
  static register(config: SearchConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [SearchController],
      providers: [
        { provide: SEARCH_CONFIG, useValue: config },
        {
          provide: SEARCH_ENGINE,
          inject: [DataSource],
          useFactory: async (dataSource: DataSource) =>
            withResultsCache(
              await searchEngine(config, dataSource),
              new SearchResultsCache({
                ttlMs: config.SEARCH_CACHE_TTL_MS,
                maxEntries: config.SEARCH_CACHE_MAX_ENTRIES,
              }),
            ),
        },
        SearchIndexerWorker,
        SearchClicksRepository,
        SearchClicksService,
      ],
    };
  }
}

/**
 * Meilisearch when MEILI_URL is set (its index settings applied before any
 * event is indexed), otherwise PostgreSQL full-text search in the search schema.
 */
export async function searchEngine(
  config: SearchConfig,
  dataSource: DataSource,
): Promise<SearchEngine> {
  const logger = new Logger('SearchEngine');
  if (!config.MEILI_URL) {
    logger.log('Search engine: PostgreSQL (full-text search in the search schema)');
    return new PostgresSearchEngine(dataSource);
  }
  const engine = new MeiliSearchEngine(dataSource, {
    url: config.MEILI_URL,
    apiKey: config.MEILI_MASTER_KEY,
  });
  await engine.ensureSettings();
  logger.log(`Search engine: Meilisearch at ${engine.host} (index settings applied)`);
  return engine;
}
