/** Query keys of the SEO dashboard: a root plus a factory (the Bluesky way). */
export const seoKeys = {
  all: ['seo'] as const,
  analytics: () => [...seoKeys.all, 'analytics'] as const,
  recommendations: () => [...seoKeys.all, 'recommendations'] as const,
};

/** Refresh intervals while the tab is open (spec part 2, section 9). */
export const SEO_ANALYTICS_REFRESH_MS = 30_000;
export const SEO_RECOMMENDATIONS_REFRESH_MS = 60_000;
