import { z } from 'zod';
import { text } from '../common/text.contract';

export const SEO_TITLE_MAX_LENGTH = 300;
export const SEO_DESCRIPTION_MAX_LENGTH = 1_000;
/** Content to analyse: plain text, Markdown or HTML. */
export const SEO_CONTENT_MAX_LENGTH = 100_000;
export const SEO_MAX_KEYWORDS = 20;
export const SEO_KEYWORD_MAX_LENGTH = 100;

/** Score bands of the dashboard (spec part 2): 80 or more is good, 60 to 79 middling, below 60 poor. */
export const SEO_SCORE_GOOD = 80;
export const SEO_SCORE_FAIR = 60;

/** `POST /api/seo/analyze {title, content, description?}`: title and content required. */
export const seoAnalyzeRequestSchema = z.object(
  {
    title: text('title', { kind: 'line', required: true, max: SEO_TITLE_MAX_LENGTH }),
    content: text('content', { kind: 'free', required: true, max: SEO_CONTENT_MAX_LENGTH }),
    description: text('description', { kind: 'line', max: SEO_DESCRIPTION_MAX_LENGTH })
      .optional()
      .transform((value) => value ?? ''),
  },
  { error: 'Request body must be a JSON object' },
);
export type SeoAnalyzeRequest = z.infer<typeof seoAnalyzeRequestSchema>;

/** A main term of the text and how much of it it is. */
export interface SeoKeywordDensity {
  term: string;
  count: number;
  /** Share of the words, in percent. */
  density: number;
}

/** The SEO analysis result (spec part 2, section 3), with the measures behind the score. */
export interface SeoAnalysisResult {
  /** 0-100, from weighted checks. */
  seoScore: number;
  /** Characters of the text (markup removed). */
  contentLength: number;
  /** Flesch reading ease, clamped to 0-100. */
  readabilityScore: number;
  imageCount: number;
  linkCount: number;
  /** Problems found, as sentences. */
  issues: string[];
  /** What to do about them, as sentences. */
  recommendations: string[];
  wordCount: number;
  titleLength: number;
  descriptionLength: number;
  headingCount: number;
  imagesWithoutAlt: number;
  keywordDensity: SeoKeywordDensity[];
}

/** `POST /api/seo/optimize {content, keywords}`: where and how often the target keywords appear. */
export const seoOptimizeRequestSchema = z.object(
  {
    content: text('content', { kind: 'free', required: true, max: SEO_CONTENT_MAX_LENGTH }),
    keywords: z
      .array(
        text('keywords', {
          kind: 'line',
          required: true,
          max: SEO_KEYWORD_MAX_LENGTH,
          messages: { required: 'a keyword cannot be empty' },
        }),
        { error: 'keywords must be a list of texts' },
      )
      .min(1, { error: 'keywords must name at least one keyword' })
      .max(SEO_MAX_KEYWORDS, { error: `keywords can name at most ${SEO_MAX_KEYWORDS} keywords` }),
  },
  { error: 'Request body must be a JSON object' },
);
export type SeoOptimizeRequest = z.infer<typeof seoOptimizeRequestSchema>;

export const SEO_KEYWORD_STATUSES = ['missing', 'low', 'good', 'high'] as const;
export type SeoKeywordStatus = (typeof SEO_KEYWORD_STATUSES)[number];

export interface SeoKeywordReport {
  keyword: string;
  count: number;
  /** Share of the words, in percent. */
  density: number;
  /** Whether it appears in the first paragraph (or the first 100 words). */
  inOpening: boolean;
  /** Whether it appears in a heading (HTML or Markdown content). */
  inHeading: boolean;
  status: SeoKeywordStatus;
}

export interface SeoOptimizeResult {
  keywords: SeoKeywordReport[];
  /** Keyword placement and density advice, as sentences. */
  suggestions: string[];
}

/** One analysed page of the member's own (their profile, posts, communities they own). */
export interface SeoPageAnalysis {
  title: string;
  url: string;
  seoScore: number;
  issues: string[];
}

/** `GET /api/seo/analytics` (spec part 2: SEO analytics). */
export interface SeoAnalyticsResponse {
  summary: {
    totalPageViews: number;
    avgSEOScore: number;
    /** Issues over every analysed page (not only those `analyses` lists). */
    totalIssues: number;
  };
  totalPages: number;
  /** Keyed by the page's path. */
  analyses: Record<string, SeoPageAnalysis>;
}

/** `GET /api/seo/recommendations` (spec part 2: SEO recommendations). */
export interface SeoRecommendationsResponse {
  totalAnalyses: number;
  topRecommendations: { recommendation: string; count: number }[];
}
