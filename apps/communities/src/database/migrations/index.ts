import { OutboxTraceContext1796100000000 } from '@wave/messaging';
import { CreateCommunities1795344824484 } from './1795344824484-create-communities.migration';
import { VersionCommunities1795545796776 } from './1795545796776-version-communities.migration';
import { CountSharesPerUser1795547767157 } from './1795547767157-count-shares-per-user.migration';
import { AddCommunityUpdatedAt1795784795525 } from './1795784795525-add-community-updated-at.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- communities <Name>`. */
export const COMMUNITIES_MIGRATIONS = [
  CreateCommunities1795344824484,
  VersionCommunities1795545796776,
  CountSharesPerUser1795547767157,
  AddCommunityUpdatedAt1795784795525,
  OutboxTraceContext1796100000000,
];
