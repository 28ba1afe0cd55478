/** The screen's texts; the spec's (part 2, section 8) verbatim. */
export const MESSAGES = {
  /** 'No analytics data available - Start posting to see your analytics here', in two parts. */
  emptyTitle: 'No analytics data available',
  emptyHint: 'Start posting to see your analytics here',
  loadFailed: 'Failed to load analytics.',
} as const;
