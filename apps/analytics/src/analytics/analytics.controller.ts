import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import type {
  RecordImpressionsRequest,
  UserAnalyticsParams,
  UserAnalyticsQuery,
  UserAnalyticsResponse,
} from '@wave/contracts';
import {
  recordImpressionsRequestSchema,
  userAnalyticsParamsSchema,
  userAnalyticsQuerySchema,
} from '@wave/contracts';
import { AuthenticatedUserId, OptionalUserId, VISITOR_KEY_HEADER } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';

import { IngestService } from '../ingest/ingest.service';
import { UserAnalyticsService } from './user-analytics.service';

@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly ingest: IngestService,
    private readonly analytics: UserAnalyticsService,
  ) {}

  /** `POST /api/analytics/impressions`: posts seen, from members and visitors; counted in batches. */
  @Post('impressions')
  @HttpCode(202)
  impressions(
    @OptionalUserId() userId: string | null,
    @Headers(VISITOR_KEY_HEADER) visitor: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Body(new ZodValidationPipe(recordImpressionsRequestSchema)) body: RecordImpressionsRequest,
  ): void {
    this.ingest.recordImpressions(body, {
      userId,
      visitor: visitor ?? null,
      userAgent: userAgent ?? '',
    });
  }

  /** `GET /api/analytics/user/{userId}/{range}?tz=`: the member's own analytics. */
  @Get('user/:userId/:range')
  user(
    @AuthenticatedUserId() readerId: string,
    @Param(new ZodValidationPipe(userAnalyticsParamsSchema)) params: UserAnalyticsParams,
    @Query(new ZodValidationPipe(userAnalyticsQuerySchema)) query: UserAnalyticsQuery,
  ): Promise<UserAnalyticsResponse> {
    return this.analytics.forUser(readerId, params.userId, params.range, query.tz);
  }
}
