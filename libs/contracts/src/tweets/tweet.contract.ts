import { z } from 'zod';
import { codePointLength, hasVisibleText, text } from '../common/text.contract';

export const TWEET_MAX_LENGTH = 280;
export const TWEET_MAX_IMAGES = 4;
/** An inline image (data URL) may be this large once decoded. */
export const INLINE_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const URL_MAX_LENGTH = 2048;

/** Counted in code points, so an emoji counts once. */
export const tweetLength = (content: string): number => codePointLength(content);

const OBJECT_PATH = /^\/objects\/[A-Za-z0-9][A-Za-z0-9/_.-]{0,500}$/;

const httpUrl = (label: string) =>
  text(label, {
    kind: 'line',
    max: URL_MAX_LENGTH,
    messages: { missing: `${label} must be text` },
  }).pipe(z.url({ protocol: /^https?$/, error: `${label} must be an http or https URL` }));

export const linkPreviewRequestSchema = z.object(
  { url: httpUrl('url') },
  { error: 'Request body must be a JSON object' },
);
export type LinkPreviewRequest = z.infer<typeof linkPreviewRequestSchema>;

/** A link preview, as the server read it from the page (spec part 1, section 3). */
export interface LinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  /** The picture the page names, as it named it. */
  image: string | null;
  /**
   * Where to load that picture: the server's image proxy, signed for this one
   * URL (`/api/image-proxy?url=…&sig=…`); null without a picture. The proxy
   * loads nothing else.
   */
  imageProxyUrl: string | null;
  siteName: string | null;
}

const tweetBody = {
  /** Optional beside an image; text with nothing visible in it counts as none. */
  content: text('content', {
    kind: 'free',
    max: TWEET_MAX_LENGTH,
    messages: {
      notText: 'content must be text',
      tooLong: `A post can be at most ${TWEET_MAX_LENGTH} characters`,
    },
  })
    .transform((value) => (hasVisibleText(value) ? value : ''))
    .optional(),
  /** An inline image as a data URL (the inline composer). */
  imageUrl: z
    .string({ error: 'imageUrl must be text' })
    .max(Math.ceil((INLINE_IMAGE_MAX_BYTES * 4) / 3) + 200, {
      error: 'The image must be at most 25 MB',
    })
    .nullish(),
  /** Object paths of uploaded images (the modal composer). */
  imageUrls: z
    .array(
      z
        .string({ error: 'imageUrls must hold object paths' })
        .regex(OBJECT_PATH, { error: 'imageUrls must hold uploaded object paths (/objects/...)' }),
      { error: 'imageUrls must be a list of object paths' },
    )
    .max(TWEET_MAX_IMAGES, { error: `A post can have at most ${TWEET_MAX_IMAGES} images` })
    .optional(),
  /** Only its url is used: the server reads the page itself. */
  linkPreview: z
    .object({ url: httpUrl('linkPreview.url') }, { error: 'linkPreview must be an object' })
    .nullish(),
};

const withContentRules = <
  T extends { content?: string; imageUrl?: string | null; imageUrls?: string[] },
>(
  schema: z.ZodType<T>,
) =>
  schema
    .refine(
      (body) =>
        (body.content ?? '').length > 0 ||
        Boolean(body.imageUrl) ||
        (body.imageUrls?.length ?? 0) > 0,
      { error: 'A post needs text or an image' },
    )
    .refine((body) => (body.imageUrl ? 1 : 0) + (body.imageUrls?.length ?? 0) <= TWEET_MAX_IMAGES, {
      error: `A post can have at most ${TWEET_MAX_IMAGES} images`,
    });

export const createTweetRequestSchema = withContentRules(
  z.object(tweetBody, { error: 'Request body must be a JSON object' }),
);
export type CreateTweetRequest = z.infer<typeof createTweetRequestSchema>;

/** An edit changes the text only; images and preview stay. */
export const updateTweetRequestSchema = z.object(
  {
    content: text('content', {
      kind: 'free',
      required: true,
      max: TWEET_MAX_LENGTH,
      messages: {
        notText: 'content is required',
        required: 'A post cannot be empty',
        tooLong: `A post can be at most ${TWEET_MAX_LENGTH} characters`,
      },
    }),
  },
  { error: 'Request body must be a JSON object' },
);
export type UpdateTweetRequest = z.infer<typeof updateTweetRequestSchema>;

export const replyRequestSchema = z.object(
  {
    content: text('content', {
      kind: 'free',
      required: true,
      max: TWEET_MAX_LENGTH,
      messages: {
        notText: 'content is required',
        required: 'A reply cannot be empty',
        tooLong: `A reply can be at most ${TWEET_MAX_LENGTH} characters`,
      },
    }),
  },
  { error: 'Request body must be a JSON object' },
);
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

export interface TweetAuthor {
  id: string;
  username: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  verified: boolean;
}

/** The Tweet entity as the client sees it (spec part 1, section 3), for the signed-in reader. */
export interface TweetResponse {
  id: string;
  content: string;
  authorId: string;
  author: TweetAuthor;
  createdAt: string;
  /** Set when the text was edited. */
  editedAt: string | null;
  /** The first image, for clients that show one. */
  imageUrl: string | null;
  imageUrls: string[];
  linkPreview: LinkPreview | null;
  /** The post this one replies to. */
  parentId: string | null;
  repliesCount: number;
  retweetsCount: number;
  likesCount: number;
  isLiked: boolean;
  isRetweeted: boolean;
  isPinned: boolean;
}

/** A feed entry: a post, or a post someone the reader follows retweeted. */
export interface FeedItemResponse extends TweetResponse {
  retweetedBy: Pick<TweetAuthor, 'id' | 'username' | 'displayName'> | null;
}

/** The state after a like, unlike, retweet or unretweet. */
export interface TweetInteractionResponse {
  tweetId: string;
  isLiked: boolean;
  isRetweeted: boolean;
  likesCount: number;
  retweetsCount: number;
}

/** `GET /api/image-proxy?url=&sig=`: one http(s) URL and the server's signature of it. */
export const imageProxyQuerySchema = z.object(
  {
    url: text('url', {
      kind: 'line',
      required: true,
      max: URL_MAX_LENGTH,
      messages: { notText: 'url must be one URL' },
    }).pipe(z.url({ protocol: /^https?$/, error: 'url must be an http or https URL' })),
    /** Missing or wrong, it is refused with 403 (the service checks it). */
    sig: text('sig', {
      kind: 'line',
      max: 128,
      messages: { notText: 'sig must be one signature', tooLong: 'sig must be one signature' },
    }).optional(),
  },
  { error: 'A url query parameter is required' },
);
export type ImageProxyQuery = z.infer<typeof imageProxyQuerySchema>;
