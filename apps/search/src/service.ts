import { defineService } from '@wave/service-runtime';
import { SearchClickEntity } from './analytics/search-click.entity';
import { AppModule } from './app.module';
import { SEARCH_SCHEMA, loadSearchConfig } from './config/search.config';
import { SEARCH_MIGRATIONS } from './database/migrations';
import { meilisearchHealthCheck } from './engine/meili-search.engine';
import {
  DeletedPostEntity,
  HashtagEntity,
  HashtagUseEntity,
  PostEditEntity,
  SearchPostEntity,
  SearchWordEntity,
} from './posts/search-post.entity';
import { ReindexRunEntity } from './reindex/reindex-run.entity';
import {
  SearchFollowEntity,
  SearchFollowRemovalEntity,
  SearchUserEntity,
} from './users/search-user.entity';

/** Search over users, posts and hashtags (PostgreSQL or Meilisearch), its clicks and reindexing. */
export const searchService = defineService({
  name: 'search',
  schema: SEARCH_SCHEMA,
  entities: [
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
  ],
  migrations: SEARCH_MIGRATIONS,
  loadConfig: loadSearchConfig,
  module: (config) => AppModule.register(config),
  events: true,
  // The app calls no other service; the reindex command has its own RPC client (ReindexModule).
  rpc: false,
  healthChecks: (config) => ({
    inject: [],
    checks: () =>
      config.MEILI_URL
        ? [{ name: 'meilisearch', check: meilisearchHealthCheck(config.MEILI_URL) }]
        : [],
  }),
});
