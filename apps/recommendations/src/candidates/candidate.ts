import type {
  RecommendationCategory,
  RecommendationContentType,
  RecommendedUser,
} from '@wave/contracts';
import type { Features, MeasuredFeature } from '../ranking/features';

/** A suggestion before ranking: what it is, what was measured of it, and why each source found it. */
export interface Candidate {
  contentType: RecommendationContentType;
  contentId: string;
  content: string;
  /** Posts: the author (never suggested to themselves, nor once followed). */
  authorId?: string;
  /** People: how to show them (name, avatar, badge). */
  user?: RecommendedUser;
  features: Features;
  /**
   * The reasons the sources give, with the feature each rests on: the ranked item's reason is
   * the one whose feature added most to its score.
   */
  reasons: CandidateReason[];
}

export interface CandidateReason {
  feature: MeasuredFeature | null;
  category: RecommendationCategory;
  text: string;
}
