/** What the Discover list is filtered by: a lowercase category (null for All) and a search text. */
export interface CommunityFilters {
  category: string | null;
  search: string;
}

/**
 * Query keys of communities, as a root plus a factory (the Bluesky way):
 * everything lives under `communityKeys.all`, so one `setQueriesData` reaches
 * every cached copy of a community (lists, its page) or of a post (the first
 * page that comes with the community, the pages after it).
 */
export const communityKeys = {
  all: ['communities'] as const,
  lists: () => [...communityKeys.all, 'list'] as const,
  discoverLists: () => [...communityKeys.lists(), 'discover'] as const,
  discover: (filters: CommunityFilters) => [...communityKeys.discoverLists(), filters] as const,
  mine: () => [...communityKeys.lists(), 'mine'] as const,
  details: () => [...communityKeys.all, 'detail'] as const,
  detail: (communityId: string) => [...communityKeys.details(), communityId] as const,
  /** The posts after the first page, from the cursor the community came with. */
  postLists: () => [...communityKeys.all, 'posts'] as const,
  posts: (communityId: string, startCursor: string) =>
    [...communityKeys.postLists(), communityId, startCursor] as const,
  /** One post on its own (a shared link's page). */
  postDetails: () => [...communityKeys.all, 'post'] as const,
  post: (postId: string) => [...communityKeys.postDetails(), postId] as const,
  commentLists: () => [...communityKeys.all, 'comments'] as const,
  comments: (postId: string) => [...communityKeys.commentLists(), postId] as const,
  /** A community's members, earliest first (its management screen). */
  memberLists: () => [...communityKeys.all, 'members'] as const,
  members: (communityId: string) => [...communityKeys.memberLists(), communityId] as const,
  /** A private community's pending requests to join (owners and moderators). */
  requestLists: () => [...communityKeys.all, 'requests'] as const,
  requests: (communityId: string) => [...communityKeys.requestLists(), communityId] as const,
};

/**
 * Mutation keys: every change an owner or moderator makes to a community
 * (roles, removals, requests, settings) shares one, so the lists are read
 * again only once the last change is settled (an earlier read would bring
 * back a row still on its way out).
 */
export const communityMutationKeys = {
  manage: (communityId: string) => [...communityKeys.all, 'manage', communityId] as const,
};

/** Items per page of every list (the API's default). */
export const COMMUNITY_PAGE_SIZE = 20;
export const COMMUNITY_POSTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 20;
export const REQUESTS_PAGE_SIZE = 20;

/** Trending: the first 5 communities of the Discover list (spec part 2, section 9). */
export const TRENDING_COUNT = 5;

/**
 * How long data stays fresh: the spec's default (stale at once, part 1,
 * section 9): member counts, posts and their counts move all the time.
 */
export const STALE_TIME = {
  lists: 0,
  community: 0,
  posts: 0,
  post: 0,
  comments: 0,
  members: 0,
  requests: 0,
} as const;
