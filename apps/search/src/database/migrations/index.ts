import { CreateSearch1795349437938 } from './1795349437938-create-search.migration';
import { StorePostDocuments1795351595576 } from './1795351595576-store-post-documents.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- search <Name>`. */
export const SEARCH_MIGRATIONS = [CreateSearch1795349437938, StorePostDocuments1795351595576];
