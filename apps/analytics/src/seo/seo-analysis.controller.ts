import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type {
  SeoAnalysisResult,
  SeoAnalyticsResponse,
  SeoAnalyzeRequest,
  SeoOptimizeRequest,
  SeoOptimizeResult,
  SeoRecommendationsResponse,
} from '@wave/contracts';
import { seoAnalyzeRequestSchema, seoOptimizeRequestSchema } from '@wave/contracts';
import { AuthenticatedUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { SeoAnalysisService } from './seo-analysis.service';
import { SeoDashboardService } from './seo-dashboard.service';

@Controller('api/seo')
export class SeoAnalysisController {
  constructor(
    private readonly seo: SeoAnalysisService,
    private readonly dashboard: SeoDashboardService,
  ) {}

  /** `GET /api/seo/analytics`: the member's own pages as Auto-SEO analysed them. */
  @Get('analytics')
  analytics(@AuthenticatedUserId() memberId: string): Promise<SeoAnalyticsResponse> {
    return this.dashboard.analytics(memberId);
  }

  /** `GET /api/seo/recommendations`: what Auto-SEO recommends most across the member's pages. */
  @Get('recommendations')
  recommendations(@AuthenticatedUserId() memberId: string): Promise<SeoRecommendationsResponse> {
    return this.dashboard.recommendations(memberId);
  }

  /** `POST /api/seo/analyze {title, content, description?}`: the SEO analysis of a text. */
  @Post('analyze')
  @HttpCode(200)
  analyze(
    @AuthenticatedUserId() _memberId: string,
    @Body(new ZodValidationPipe(seoAnalyzeRequestSchema)) body: SeoAnalyzeRequest,
  ): SeoAnalysisResult {
    return this.seo.analyze(body);
  }

  /** `POST /api/seo/optimize {content, keywords}`: placement and density of target keywords. */
  @Post('optimize')
  @HttpCode(200)
  optimize(
    @AuthenticatedUserId() _memberId: string,
    @Body(new ZodValidationPipe(seoOptimizeRequestSchema)) body: SeoOptimizeRequest,
  ): SeoOptimizeResult {
    return this.seo.optimize(body);
  }
}
