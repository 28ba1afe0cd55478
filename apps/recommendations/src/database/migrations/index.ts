import { CreateRecommendations1795812711274 } from './1795812711274-create-recommendations.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- recommendations <Name>`. */
export const RECOMMENDATIONS_MIGRATIONS = [CreateRecommendations1795812711274];
