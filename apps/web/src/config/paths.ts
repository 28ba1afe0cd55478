/** Every route of the client, with href builders (one place to change a URL). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The auth page, on its Sign In tab (the spec's default) or, asked for, on Sign Up. */
  auth: {
    path: '/auth',
    getHref: (tab: 'signin' | 'signup' = 'signin') =>
      tab === 'signup' ? '/auth?tab=signup' : '/auth',
  },
  profile: {
    path: '/profile/:userIdentifier',
    getHref: (idOrUsername: string) => `/profile/${encodeURIComponent(idOrUsername)}`,
  },
  ownProfile: { path: '/profile', getHref: () => '/profile' },
  /** A profile's followers or the people it follows. */
  connections: {
    followersPath: '/profile/:userIdentifier/followers',
    followingPath: '/profile/:userIdentifier/following',
    getHref: (idOrUsername: string, connection: 'followers' | 'following') =>
      `/profile/${encodeURIComponent(idOrUsername)}/${connection}`,
  },
  tweet: { path: '/tweet/:id', getHref: (id: string) => `/tweet/${id}` },
  /** Explore, searching for `query` when one is given (the sidebar's search on Enter). */
  explore: {
    path: '/explore',
    queryParam: 'q',
    getHref: (query?: string) =>
      query ? `/explore?${new URLSearchParams({ q: query }).toString()}` : '/explore',
  },
  /** Explore, scrolled to its trending topics ('Show more' under 'What's happening'). */
  exploreTrends: { path: '/explore', hash: 'trending', getHref: () => '/explore#trending' },
  communities: { path: '/communities', getHref: () => '/communities' },
  /** The link form built elsewhere (spec part 2, section 2): it redirects to `community`. */
  communityAlias: {
    path: '/communities/:communityId',
    getHref: (communityId: string) => `/communities/${encodeURIComponent(communityId)}`,
  },
  community: {
    path: '/community/:communityId',
    getHref: (communityId: string) => `/community/${encodeURIComponent(communityId)}`,
  },
  /** A community's management screen: members, requests and settings (owners and moderators). */
  communityManage: {
    path: '/community/:communityId/manage',
    getHref: (communityId: string) => `/community/${encodeURIComponent(communityId)}/manage`,
  },
  /** A community post's own page (the link a share copies). */
  communityPost: {
    path: '/community/:communityId/post/:postId',
    getHref: (communityId: string, postId: string) =>
      `/community/${encodeURIComponent(communityId)}/post/${encodeURIComponent(postId)}`,
  },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  messages: { path: '/messages', getHref: () => '/messages' },
  bookmarks: { path: '/bookmarks', getHref: () => '/bookmarks' },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  seoDashboard: { path: '/seo-dashboard', getHref: () => '/seo-dashboard' },
  rulesConduct: { path: '/rules-conduct', getHref: () => '/rules-conduct' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsService: { path: '/terms-service', getHref: () => '/terms-service' },
  about: { path: '/about', getHref: () => '/about' },
  features: { path: '/features', getHref: () => '/features' },
  help: { path: '/help', getHref: () => '/help' },
} as const;
