import type { DynamicModule } from '@nestjs/common';
import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { InternalAuthModule } from '@wave/internal-auth';
import { MessagingModule } from '@wave/messaging';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import type { HealthCheck } from '@wave/service-runtime';
import { HEALTH_CHECKS, HealthModule, loggingModule } from '@wave/service-runtime';
import type { SearchConfig } from './config/search.config';
import { SearchClicksRepository } from './analytics/search-clicks.repository';
import { SearchClicksService } from './analytics/search-clicks.service';
import { SEARCH_CONFIG } from './config/search.config';
import { searchDataSourceOptions } from './database/search-data-source';
import { MeiliSearchEngine, meilisearchHealthCheck } from './engine/meili-search.engine';
import { PostgresSearchEngine } from './engine/postgres-search.engine';
import type { SearchEngine } from './engine/search-engine';
import { SEARCH_ENGINE } from './engine/search-engine';
import { SearchIndexerWorker } from './events/search-indexer.worker';
import { SearchResultsCache, withResultsCache } from './search/search-results.cache';
import { SearchController } from './search/search.controller';
import { serviceMetricsModule } from '@wave/metrics';

@Module({})
export class AppModule {
  static register(config: SearchConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule({ service: 'search', level: config.LOG_LEVEL }),
        serviceMetricsModule('search', config),
        TypeOrmModule.forRoot(searchDataSourceOptions(config)),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'search',
        }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        MessagingModule.forService(config),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT],
          useFactory: (dataSource: DataSource, redis: Redis): HealthCheck[] => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
            ...(config.MEILI_URL
              ? [{ name: 'meilisearch', check: meilisearchHealthCheck(config.MEILI_URL) }]
              : []),
          ],
        }),
      ],
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
