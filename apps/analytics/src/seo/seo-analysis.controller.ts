import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type {
  SeoAnalysisResult,
  SeoAnalyzeRequest,
  SeoOptimizeRequest,
  SeoOptimizeResult,
} from '@wave/contracts';
import { seoAnalyzeRequestSchema, seoOptimizeRequestSchema } from '@wave/contracts';
import { AuthenticatedUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { SeoAnalysisService } from './seo-analysis.service';

@Controller('api/seo')
export class SeoAnalysisController {
  constructor(private readonly seo: SeoAnalysisService) {}

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
