import { z } from 'zod';
import { idSchema } from '../common/id.contract';

/** What a recommendation suggests (spec part 1: Recommendation). */
export const RECOMMENDATION_CONTENT_TYPES = ['community', 'user', 'post'] as const;
export type RecommendationContentType = (typeof RECOMMENDATION_CONTENT_TYPES)[number];

/** What a member did with a recommendation. */
export const RECOMMENDATION_FEEDBACK_ACTIONS = ['dismiss', 'click'] as const;
export type RecommendationFeedbackAction = (typeof RECOMMENDATION_FEEDBACK_ACTIONS)[number];

export const RECOMMENDATIONS_DEFAULT = 5;
export const RECOMMENDATIONS_MAX = 20;
/** A post recommendation's title in the widget is cut at this many characters (spec). */
export const RECOMMENDATION_TITLE_MAX = 50;

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

/**
 * `GET /api/ai/recommendations?maxRecommendations=&contentType=`: `contentType` (ours, not the
 * spec's) asks for one kind only, as 'Who to follow' does.
 */
export const recommendationsQuerySchema = z.object({
  maxRecommendations: z.coerce
    .number({ error: 'maxRecommendations must be a number' })
    .int({ error: 'maxRecommendations must be a whole number' })
    .min(1, { error: 'maxRecommendations must be at least 1' })
    .max(RECOMMENDATIONS_MAX, {
      error: `maxRecommendations must be at most ${RECOMMENDATIONS_MAX}`,
    })
    .default(RECOMMENDATIONS_DEFAULT),
  contentType: oneOf('contentType', RECOMMENDATION_CONTENT_TYPES).optional(),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;

/**
 * Why an item is suggested, as a sentence a member understands, and the candidate source
 * that found it.
 */
export const RECOMMENDATION_CATEGORIES = [
  /** Followed by people you follow (friends of friends). */
  'network',
  /** Liked, joined or followed by people with the same interests as yours (co-engagement). */
  'similar',
  /** About the hashtags and topics you engage with. */
  'topics',
  /** Popular on Wave now (for members with little history). */
  'popular',
] as const;
export type RecommendationCategory = (typeof RECOMMENDATION_CATEGORIES)[number];

/** How to show a recommended person (name, avatar, badge): on user recommendations only. */
export interface RecommendedUser {
  displayName: string;
  profileImageUrl: string | null;
  verified: boolean;
}

/** A recommendation (spec part 1: Recommendation), and for a person, how to show them. */
export interface Recommendation {
  contentId: string;
  contentType: RecommendationContentType;
  /** How likely the member is to act on it, calibrated to 0-1 by the ranker. */
  score: number;
  reason: string;
  category: RecommendationCategory;
  /** The community's name, the user's username, or the post's text. */
  content: string;
  user?: RecommendedUser;
}

/** `POST /api/ai/feedback` */
export const recommendationFeedbackRequestSchema = z.object(
  {
    action: oneOf('action', RECOMMENDATION_FEEDBACK_ACTIONS),
    contentId: idSchema('contentId'),
    contentType: oneOf('contentType', RECOMMENDATION_CONTENT_TYPES),
    /** The score the item was shown with (on a click). */
    score: z
      .number({ error: 'score must be a number' })
      .min(0, { error: 'score must be between 0 and 1' })
      .max(1, { error: 'score must be between 0 and 1' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type RecommendationFeedbackRequest = z.infer<typeof recommendationFeedbackRequestSchema>;
