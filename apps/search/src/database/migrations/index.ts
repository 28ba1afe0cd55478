import { OutboxTraceContext1796100000000 } from '@wave/messaging';
import { CreateSearch1795349437938 } from './1795349437938-create-search.migration';
import { StorePostDocuments1795351595576 } from './1795351595576-store-post-documents.migration';
import { SearchReadPaths1795537464296 } from './1795537464296-search-read-paths.migration';
import { ReindexRuns1795538119001 } from './1795538119001-reindex-runs.migration';
import { OrderFollowsAgainstUnfollows1795540604011 } from './1795540604011-order-follows-against-unfollows.migration';
import { KeepNewestPostEdits1795541532469 } from './1795541532469-keep-newest-post-edits.migration';
import { AddOutbox1795807528214 } from './1795807528214-add-outbox.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- search <Name>`. */
export const SEARCH_MIGRATIONS = [
  CreateSearch1795349437938,
  StorePostDocuments1795351595576,
  SearchReadPaths1795537464296,
  ReindexRuns1795538119001,
  OrderFollowsAgainstUnfollows1795540604011,
  KeepNewestPostEdits1795541532469,
  AddOutbox1795807528214,
  OutboxTraceContext1796100000000,
];
