import { CreateAnalytics1795584789074 } from './1795584789074-create-analytics.migration';
import { CreatePartitionedTables1795584789075 } from './1795584789075-create-partitioned-tables.migration';
import { CreateSeoPages1795762958179 } from './1795762958179-create-seo-pages.migration';
import { AddPostCounts1795771155464 } from './1795771155464-add-post-counts.migration';
import { AddSitemapProjections1795771343439 } from './1795771343439-add-sitemap-projections.migration';
import { AddBackfillRuns1795783482381 } from './1795783482381-add-backfill-runs.migration';
import { AddCommunityOwners1795786321988 } from './1795786321988-add-community-owners.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- analytics <Name>`. */
export const ANALYTICS_MIGRATIONS = [
  CreateAnalytics1795584789074,
  CreatePartitionedTables1795584789075,
  CreateSeoPages1795762958179,
  AddPostCounts1795771155464,
  AddSitemapProjections1795771343439,
  AddBackfillRuns1795783482381,
  AddCommunityOwners1795786321988,
];
