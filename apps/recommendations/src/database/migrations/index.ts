import { CreateRecommendations1795812711274 } from './1795812711274-create-recommendations.migration';
import { AddPostTags1795826137122 } from './1795826137122-add-post-tags.migration';
import { AddBioTerms1795826615246 } from './1795826615246-add-bio-terms.migration';
import { AddImpressionFeatureSet1795827104521 } from './1795827104521-add-impression-feature-set.migration';
import { AddPostEditedAt1795828557858 } from './1795828557858-add-post-edited-at.migration';
import { AddInteractionsPostChanged1795831107809 } from './1795831107809-add-interactions-post-changed.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- recommendations <Name>`. */
export const RECOMMENDATIONS_MIGRATIONS = [
  CreateRecommendations1795812711274,
  AddPostTags1795826137122,
  AddBioTerms1795826615246,
  AddImpressionFeatureSet1795827104521,
  AddPostEditedAt1795828557858,
  AddInteractionsPostChanged1795831107809,
];
