import { Injectable } from '@nestjs/common';
import type { SeoAnalyticsResponse, SeoRecommendationsResponse } from '@wave/contracts';
import { SeoPagesRepository } from './seo-pages.repository';

/**
 * The SEO dashboard's reads, over the member's own public pages that Auto-SEO analysed: their
 * posts and their profile (as the pages' own markup names them).
 */
@Injectable()
export class SeoDashboardService {
  constructor(private readonly pages: SeoPagesRepository) {}

  async analytics(memberId: string): Promise<SeoAnalyticsResponse> {
    const [summary, analyses] = await Promise.all([
      this.pages.summaryOf(memberId),
      this.pages.analysesOf(memberId),
    ]);
    return {
      summary: {
        totalPageViews: summary.totalPageViews,
        avgSEOScore: Math.round(summary.avgScore),
        totalIssues: summary.totalIssues,
      },
      totalPages: summary.totalPages,
      analyses: Object.fromEntries(
        analyses.map(({ path, title, url, seoScore, issues }) => [
          path,
          { title, url, seoScore, issues },
        ]),
      ),
    };
  }

  async recommendations(memberId: string): Promise<SeoRecommendationsResponse> {
    const { totalAnalyses, top } = await this.pages.recommendationsOf(memberId);
    return { totalAnalyses, topRecommendations: top };
  }
}
