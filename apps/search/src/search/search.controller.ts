import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import type {
  SearchAnalyticsRequest,
  SearchQuery,
  SearchResult,
  TrendResponse,
} from '@wave/contracts';
import {
  searchAnalyticsRequestSchema,
  searchQuerySchema,
  trendsQuerySchema,
} from '@wave/contracts';
import { OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { SearchClicksService } from '../analytics/search-clicks.service';
import type { SearchEngine } from '../engine/search-engine';
import { SEARCH_ENGINE } from '../engine/search-engine';

const TRENDS_WINDOW_MS = 24 * 3600 * 1000;

@Controller('api')
export class SearchController {
  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly clicks: SearchClicksService,
  ) {}

  /** `GET /api/search`: users, hashtags and posts; anyone may search. */
  @Get('search')
  search(
    @Query(new ZodValidationPipe(searchQuerySchema)) query: SearchQuery,
  ): Promise<SearchResult[]> {
    return this.engine.search(query, new Date());
  }

  /** `POST /api/search/analytics`: a chosen result, kept for analytics (and recommendations). */
  @Post('search/analytics')
  @HttpCode(204)
  analytics(
    @OptionalUserId() userId: string | null,
    @Body(new ZodValidationPipe(searchAnalyticsRequestSchema)) body: SearchAnalyticsRequest,
  ): Promise<void> {
    return this.clicks.record(userId, body);
  }

  /** `GET /api/trends`: the most used hashtags of the last 24 hours. */
  @Get('trends')
  trends(
    @Query(new ZodValidationPipe(trendsQuerySchema)) query: { limit: number },
  ): Promise<TrendResponse[]> {
    return this.engine.trends(query.limit, new Date(Date.now() - TRENDS_WINDOW_MS));
  }
}
