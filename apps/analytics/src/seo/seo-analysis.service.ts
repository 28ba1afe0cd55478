import { Injectable } from '@nestjs/common';
import type {
  SeoAnalysisResult,
  SeoAnalyzeRequest,
  SeoOptimizeRequest,
  SeoOptimizeResult,
} from '@wave/contracts';
import { analyzeSeo, optimizeForKeywords } from '@wave/seo-analysis';

/**
 * Analyses what a member asks about (the dashboard's Content Analysis and Optimization tabs).
 * The analyzer is pure and bounded by the contracts' sizes: 100,000 characters take about
 * 45 ms, so it runs on the request (members only, limited per member at the gateway).
 */
@Injectable()
export class SeoAnalysisService {
  analyze(request: SeoAnalyzeRequest): SeoAnalysisResult {
    return analyzeSeo(request);
  }

  optimize(request: SeoOptimizeRequest): SeoOptimizeResult {
    return optimizeForKeywords(request);
  }
}
