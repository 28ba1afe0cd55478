/** The screen's texts; the spec's (part 2) verbatim. */
export const MESSAGES = {
  /** 'Access Denied - Please log in to access the SEO Dashboard.', in two parts. */
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: 'Please log in to access the SEO Dashboard.',
  autoSeoActive: 'Auto-SEO Active',
  analyze: 'Analyze Content',
  analyzing: 'Analyzing...',
  optimize: 'Get Optimization Suggestions',
  optimizing: 'Getting suggestions...',
  /** The spec's text verbatim ('+N more issues'), for one as for many. */
  moreIssues: (count: number) => `+${count} more issues`,
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  keywordsRequired: 'Enter at least one keyword',
  tooManyKeywords: (max: number) => `Enter at most ${max} keywords`,
  keywordTooLong: (max: number) => `Each keyword can be at most ${max} characters`,
  tooLong: (label: string, max: number) =>
    `${label} can be at most ${max.toLocaleString('en-US')} characters`,
  analyticsFailed: 'Failed to load SEO analytics.',
  recommendationsFailed: 'Failed to load recommendations.',
  analyzeFailed: 'Failed to analyze content.',
  optimizeFailed: 'Failed to get optimization suggestions.',
  noPages:
    'No pages analyzed yet. Your profile, posts and communities are analyzed automatically once they get views.',
  noRecommendations: 'No recommendations yet.',
} as const;
