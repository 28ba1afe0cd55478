import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RpcClientModule } from '@wave/rpc';
import { loggingModule } from '@wave/service-runtime';
import { searchEngine } from '../app.module';
import type { SearchConfig } from '../config/search.config';
import { SEARCH_CONFIG } from '../config/search.config';
import { SEARCH_ENGINE } from '../engine/search-engine';
import { searchService } from '../service';
import { ReindexRunsRepository } from './reindex-runs.repository';
import { Reindexer } from './reindexer.service';

/** A page of up to 1,000 rows may take the owner a while under load. */
const REINDEX_RPC_TIMEOUT_MS = 30_000;

/**
 * What the reindex command runs in: the engine the service is configured
 * with, the RPC client to the owners, and the saved cursors. No HTTP, and no
 * event worker (the running service keeps consuming events meanwhile).
 */
@Module({})
export class ReindexModule {
  static register(config: SearchConfig): DynamicModule {
    return {
      module: ReindexModule,
      imports: [
        loggingModule({ service: 'search', level: config.LOG_LEVEL }),
        TypeOrmModule.forRoot(searchService.dataSourceOptions(config)),
        RpcClientModule.forRoot({
          url: config.REDIS_URL,
          prefix: config.REDIS_KEY_PREFIX,
          timeoutMs: REINDEX_RPC_TIMEOUT_MS,
        }),
      ],
      providers: [
        { provide: SEARCH_CONFIG, useValue: config },
        {
          provide: SEARCH_ENGINE,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => searchEngine(config, dataSource),
        },
        ReindexRunsRepository,
        Reindexer,
      ],
    };
  }
}
