import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type {
  Recommendation,
  RecommendationFeedbackRequest,
  RecommendationsQuery,
} from '@wave/contracts';
import { recommendationFeedbackRequestSchema, recommendationsQuerySchema } from '@wave/contracts';
import { AuthenticatedUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { RecommendationsService } from './recommendations.service';

@Controller('api/ai')
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  /** `GET /api/ai/recommendations?maxRecommendations=&contentType=`: for members only. */
  @Get('recommendations')
  list(
    @AuthenticatedUserId() userId: string,
    @Query(new ZodValidationPipe(recommendationsQuerySchema)) query: RecommendationsQuery,
  ): Promise<Recommendation[]> {
    return this.recommendations.recommend(userId, query.maxRecommendations, query.contentType);
  }

  /** `POST /api/ai/feedback`: a dismissal (never suggested again) or a click. */
  @Post('feedback')
  @HttpCode(204)
  feedback(
    @AuthenticatedUserId() userId: string,
    @Body(new ZodValidationPipe(recommendationFeedbackRequestSchema))
    body: RecommendationFeedbackRequest,
  ): Promise<void> {
    return this.recommendations.recordFeedback(userId, body);
  }
}
