/**
 * Query keys of posts, as a root plus a factory (the Bluesky way): everything
 * about posts lives under `tweetKeys.all`, so one `setQueriesData` reaches
 * every cached copy of a post (feeds, a post's page, replies, a user's posts).
 */
export const tweetKeys = {
  all: ['tweets'] as const,
  lists: () => [...tweetKeys.all, 'list'] as const,
  feed: () => [...tweetKeys.lists(), 'feed'] as const,
  userLists: () => [...tweetKeys.lists(), 'user'] as const,
  byUser: (userId: string) => [...tweetKeys.userLists(), userId] as const,
  replyLists: () => [...tweetKeys.lists(), 'replies'] as const,
  replies: (tweetId: string) => [...tweetKeys.replyLists(), tweetId] as const,
  details: () => [...tweetKeys.all, 'detail'] as const,
  detail: (tweetId: string) => [...tweetKeys.details(), tweetId] as const,
};

/** Link previews are their own resource: they are not posts. */
export const linkPreviewKeys = {
  all: ['link-preview'] as const,
  detail: (url: string) => [...linkPreviewKeys.all, url] as const,
};

/** Posts per page of every list (the API's default). */
export const TWEET_PAGE_SIZE = 20;

/**
 * How long data stays fresh. Posts follow the spec's default (stale at once,
 * section 9): counts move all the time. A preview of a URL hardly changes
 * while someone types (the server caches it for a day).
 */
export const STALE_TIME = {
  feed: 0,
  tweet: 0,
  replies: 0,
  userTweets: 0,
  linkPreview: 60 * 60 * 1000,
} as const;
