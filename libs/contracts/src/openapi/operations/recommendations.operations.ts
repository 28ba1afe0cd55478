import {
  recommendationFeedbackRequestSchema,
  recommendationsQuerySchema,
} from '../../recommendations/recommendation.contract';
import type { ApiOperation } from '../api-operation.contract';

/** People, posts and communities to suggest, and what members did with them. */
export const recommendationsOperations = (): ApiOperation[] => [
  {
    operationId: 'listRecommendations',
    method: 'GET',
    path: '/api/ai/recommendations',
    service: 'recommendations',
    summary: 'Recommendations, best first',
    description: '`contentType` asks for one kind only, as "Who to follow" does.',
    auth: 'required',
    query: recommendationsQuerySchema,
    responses: {
      200: 'A list of Recommendation `{contentId, contentType, score, reason, category, content}`; people also carry `user: {displayName, profileImageUrl, verified}`',
    },
  },
  {
    operationId: 'sendRecommendationFeedback',
    method: 'POST',
    path: '/api/ai/feedback',
    service: 'recommendations',
    summary: 'A recommendation dismissed or clicked',
    description: 'A dismissed item is never suggested again; both train the ranker.',
    auth: 'required',
    body: recommendationFeedbackRequestSchema,
    responses: { 204: 'Recorded' },
  },
];
