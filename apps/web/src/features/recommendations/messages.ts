/** The texts of the recommendations feature ('Get More Recommendations' verbatim from the spec). */
export const MESSAGES = {
  widgetHeading: 'AI Recommendations',
  getMore: 'Get More Recommendations',
  loading: 'Loading recommendations',
  failed: 'Failed to load recommendations.',
  empty: 'No recommendations yet. Follow people, like posts and join communities to get some.',
  dismiss: (title: string) => `Dismiss ${title}`,
  dismissFailed: 'Could not dismiss the recommendation. Please try again.',
  whoToFollow: 'Who to follow',
  showMore: 'Show more',
  showLess: 'Show less',
  noSuggestions: 'No suggestions right now.',
  follow: 'Follow',
  following: 'Following',
  followName: (name: string) => `Follow ${name}`,
  followingName: (name: string) => `Following ${name}`,
  welcomeHeading: 'Welcome to Wave',
  welcomeText:
    'Your home feed shows posts from people you follow. Follow a few people to get started.',
  popularHeading: 'Popular on Wave',
  noPopular: 'No posts to show',
  kinds: { user: 'Person', post: 'Post', community: 'Community' },
} as const;
