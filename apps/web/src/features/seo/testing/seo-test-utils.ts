import type {
  SeoAnalysisResult,
  SeoAnalyticsResponse,
  SeoOptimizeResult,
  SeoPageAnalysis,
  SeoRecommendationsResponse,
} from '@wave/contracts';

export const makePage = (overrides: Partial<SeoPageAnalysis> = {}): SeoPageAnalysis => ({
  title: 'Ada Lovelace (@ada) · Wave',
  url: '/profile/ada',
  seoScore: 85,
  issues: [],
  ...overrides,
});

/** GET /api/seo/analytics with these pages (keyed by their url). */
export const makeSeoAnalytics = (
  pages: SeoPageAnalysis[] = [],
  summary: Partial<SeoAnalyticsResponse['summary']> = {},
): SeoAnalyticsResponse => ({
  summary: {
    totalPageViews: 0,
    avgSEOScore: 0,
    totalIssues: pages.reduce((sum, page) => sum + page.issues.length, 0),
    ...summary,
  },
  totalPages: pages.length,
  analyses: Object.fromEntries(pages.map((page) => [page.url, page])),
});

export const makeRecommendations = (
  topRecommendations: SeoRecommendationsResponse['topRecommendations'] = [],
  totalAnalyses = 0,
): SeoRecommendationsResponse => ({ totalAnalyses, topRecommendations });

export const makeAnalysisResult = (
  overrides: Partial<SeoAnalysisResult> = {},
): SeoAnalysisResult => ({
  seoScore: 72,
  contentLength: 1_234,
  readabilityScore: 64.7,
  imageCount: 2,
  linkCount: 3,
  issues: ['The title is 24 characters; about 50 to 60 is best.'],
  recommendations: ['Lengthen the title to about 50 to 60 characters.'],
  wordCount: 210,
  titleLength: 24,
  descriptionLength: 0,
  headingCount: 1,
  imagesWithoutAlt: 1,
  keywordDensity: [{ term: 'wave', count: 6, density: 2.857 }],
  ...overrides,
});

export const makeOptimizeResult = (
  overrides: Partial<SeoOptimizeResult> = {},
): SeoOptimizeResult => ({
  keywords: [
    {
      keyword: 'wave',
      count: 6,
      density: 2.9,
      inOpening: true,
      inHeading: true,
      status: 'good',
    },
    {
      keyword: 'microblog',
      count: 0,
      density: 0,
      inOpening: false,
      inHeading: false,
      status: 'missing',
    },
  ],
  suggestions: ['Use "microblog" at least once, ideally in the first paragraph.'],
  ...overrides,
});
