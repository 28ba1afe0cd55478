import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { OutboxEventEntity } from '@wave/messaging';
import { SearchClickEntity } from '../analytics/search-click.entity';
import type { SearchConfig } from '../config/search.config';
import { SEARCH_SCHEMA } from '../config/search.config';
import {
  DeletedPostEntity,
  HashtagEntity,
  HashtagUseEntity,
  PostEditEntity,
  SearchPostEntity,
  SearchWordEntity,
} from '../posts/search-post.entity';
import { ReindexRunEntity } from '../reindex/reindex-run.entity';
import {
  SearchFollowEntity,
  SearchFollowRemovalEntity,
  SearchUserEntity,
} from '../users/search-user.entity';
import { SEARCH_MIGRATIONS } from './migrations';

export const SEARCH_ENTITIES = [
  SearchUserEntity,
  SearchFollowEntity,
  SearchFollowRemovalEntity,
  SearchPostEntity,
  DeletedPostEntity,
  PostEditEntity,
  SearchWordEntity,
  HashtagUseEntity,
  HashtagEntity,
  SearchClickEntity,
  ReindexRunEntity,
  OutboxEventEntity,
];

export const searchDataSourceOptions = (config: SearchConfig): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SEARCH_SCHEMA,
    entities: SEARCH_ENTITIES,
    migrations: SEARCH_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'search',
  });
