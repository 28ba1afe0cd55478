import { z } from 'zod';
import { idSchema } from '../common/id.contract';
import { text } from '../common/text.contract';

/** The periods personal analytics covers (spec part 2: 7d, 30d, 90d; the screen defaults to 30d). */
export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';

export const PAGE_URL_MAX_LENGTH = 2048;
export const USER_AGENT_MAX_LENGTH = 512;
/** Posts reported seen in one impressions call (the client sends at most one call per 10 s per tab). */
export const IMPRESSIONS_MAX_POSTS = 100;

/**
 * A path on this site: `/…`, never `//host` (another site) or `/\…` (the same, to some
 * browsers). Written without a lookahead, which the fuzzer's generator cannot read.
 */
const SITE_PATH = /^\/(?:[^/\\]|$)/;

const sitePath = (label: string) =>
  text(label, { kind: 'line', required: true, max: PAGE_URL_MAX_LENGTH }).regex(SITE_PATH, {
    error: `${label} must be a path on this site, starting with / (such as /tweet/…)`,
  });

/**
 * `POST /api/seo/track {url, userAgent}` (spec part 1: sent 1 s after each route change,
 * failures only logged): a page view, from anyone. The client sends its path and query
 * (`location.pathname + location.search`); the user agent tells crawlers apart.
 */
export const trackPageViewRequestSchema = z.object(
  {
    url: sitePath('url'),
    userAgent: text('userAgent', {
      kind: 'line',
      max: USER_AGENT_MAX_LENGTH,
      messages: { tooLong: `userAgent must be at most ${USER_AGENT_MAX_LENGTH} characters` },
    }).default(''),
  },
  { error: 'Request body must be a JSON object' },
);
export type TrackPageViewRequest = z.infer<typeof trackPageViewRequestSchema>;

/**
 * `POST /api/analytics/impressions {tweetIds}`: posts that were at least half on screen for
 * a second, reported in batches (at most one call per 10 s per tab). Each viewer (a member,
 * or a visitor as the gateway tells them apart) counts once per post per day.
 */
export const recordImpressionsRequestSchema = z.object(
  {
    tweetIds: z
      .array(idSchema('tweetIds'), { error: 'tweetIds must be a list of post ids' })
      .min(1, { error: 'tweetIds must name at least one post' })
      .max(IMPRESSIONS_MAX_POSTS, {
        error: `tweetIds can name at most ${IMPRESSIONS_MAX_POSTS} posts`,
      }),
  },
  { error: 'Request body must be a JSON object' },
);
export type RecordImpressionsRequest = z.infer<typeof recordImpressionsRequestSchema>;

/** `GET /api/analytics/user/{userId}/{range}` path parameters. */
export const userAnalyticsParamsSchema = z.object({
  userId: idSchema('userId'),
  range: z.enum(ANALYTICS_RANGES, {
    error: `range must be one of: ${ANALYTICS_RANGES.join(', ')}`,
  }),
});
export type UserAnalyticsParams = z.infer<typeof userAnalyticsParamsSchema>;

/** An IANA time zone the runtime knows (engagement by hour is counted in the reader's zone). */
const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** `?tz=` (default UTC). */
export const userAnalyticsQuerySchema = z.object({
  tz: text('tz', { kind: 'line', max: 64 })
    .refine(isTimeZone, { error: 'tz must be a time zone such as Europe/Paris or UTC' })
    .default('UTC'),
});
export type UserAnalyticsQuery = z.infer<typeof userAnalyticsQuerySchema>;

/** Growth against the previous period of the same length, in percent: 0 when there is nothing to compare. */
export interface AnalyticsGrowth {
  views: number;
  likes: number;
  replies: number;
  followers: number;
}

export interface AnalyticsOverview {
  totalViews: number;
  totalLikes: number;
  totalReplies: number;
  totalFollowers: number;
  growth: AnalyticsGrowth;
}

export interface AnalyticsTopPost {
  id: string;
  content: string;
  views: number;
  likes: number;
  replies: number;
  createdAt: string;
}

/** One entry per day of the range, zeros included; `date` is `YYYY-MM-DD` in the reader's zone. */
export interface AnalyticsDailyStat {
  date: string;
  views: number;
  likes: number;
  replies: number;
}

export interface AnalyticsDemographics {
  /** Hours 0-23 in the reader's time zone. */
  engagementByHour: { hour: number; engagement: number }[];
  topHashtags: { tag: string; count: number }[];
  /** Followers at the end of each day of the range. */
  followerGrowth: { date: string; count: number }[];
}

/** The user analytics entity (spec part 2, section 3). */
export interface UserAnalyticsResponse {
  overview: AnalyticsOverview;
  topPosts: AnalyticsTopPost[];
  dailyStats: AnalyticsDailyStat[];
  demographics: AnalyticsDemographics;
}

/** Posts whose view counts one `GET /api/analytics/views` call may ask for (a page of a feed). */
export const POST_VIEWS_MAX_IDS = 100;

/**
 * `GET /api/analytics/views?ids=a,b,c`: the view counts of up to 100 posts, shown on tweet
 * cards and on the post page (from anyone: counts are public, as on X). The ids are
 * comma-separated; duplicates are read once.
 */
const TOO_MANY_VIEW_IDS = `ids can name at most ${POST_VIEWS_MAX_IDS} posts`;
export const postViewsQuerySchema = z.object({
  ids: text('ids', {
    kind: 'line',
    required: true,
    max: POST_VIEWS_MAX_IDS * 37,
    messages: { tooLong: TOO_MANY_VIEW_IDS },
  })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim().toLowerCase()))])
    .pipe(z.array(idSchema('ids')).max(POST_VIEWS_MAX_IDS, { error: TOO_MANY_VIEW_IDS })),
});
export type PostViewsQuery = z.infer<typeof postViewsQuerySchema>;

/**
 * Views of each post asked for, by id: a post analytics has not counted a view of (or has
 * not heard of) is 0; a deleted post is left out.
 */
export interface PostViewsResponse {
  views: Record<string, number>;
}
