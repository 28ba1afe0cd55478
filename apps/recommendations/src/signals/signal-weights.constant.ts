/** How much each signal adds to a member's interest in a hashtag (user_topics). */
export const TOPIC_WEIGHTS = {
  post: 2,
  retweet: 1.5,
  like: 1,
  reply: 1,
  searchTag: 1,
  searchPost: 0.5,
} as const;

/** A member's interest in a hashtag halves in this many days without new signals. */
export const TOPIC_HALF_LIFE_DAYS = 30;

/**
 * `posts.hot`: log10 of the engagement plus the post's time over this many seconds, so ten times
 * the engagement equals a post this much newer (Reddit's "hot" ordering). It never changes with
 * the clock, so "popular now" is read from an index in order.
 */
export const HOT_SECONDS_PER_DECADE = 45_000;

/** Engagement as `hot` counts it: a retweet spreads a post further than a like. */
export const HOT_ENGAGEMENT_SQL = 'like_count + 2 * retweet_count + reply_count';

/**
 * Posts this recent count for "people posting in your hashtags" (`post_tags` keeps only these);
 * "popular in #tag" reads the last RECENT_TOPICAL_DAYS of them.
 */
export const TOPICAL_WINDOW_DAYS = 30;
export const RECENT_TOPICAL_DAYS = 7;
