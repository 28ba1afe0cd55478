import { CreateCommunities1795344824484 } from './1795344824484-create-communities.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- communities <Name>`. */
export const COMMUNITIES_MIGRATIONS = [CreateCommunities1795344824484];
