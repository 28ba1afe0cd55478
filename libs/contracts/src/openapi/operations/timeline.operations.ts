import { z } from 'zod';
import { idSchema } from '../../common/id.contract';
import { pageQuerySchema } from '../../common/pagination.contract';
import {
  createTweetRequestSchema,
  imageProxyQuerySchema,
  linkPreviewRequestSchema,
  replyRequestSchema,
  updateTweetRequestSchema,
} from '../../tweets/tweet.contract';
import { idOrUsernameSchema } from '../../users/user.contract';
import type { ApiOperation } from '../api-operation.contract';

const tweetId = z.object({ id: idSchema('Post id') });
const interaction = '`{tweetId, isLiked, isRetweeted, likesCount, retweetsCount}` after the call';
const NO_SUCH_POST = 'No such post';

/** A like or a retweet, given or taken back: four operations alike. */
const interactionOperation = (
  operationId: string,
  method: 'POST' | 'DELETE',
  what: 'like' | 'retweet',
  summary: string,
): ApiOperation => ({
  operationId,
  method,
  path: `/api/tweets/{id}/${what}`,
  service: 'timeline',
  summary,
  description: 'Idempotent.',
  auth: 'required',
  params: tweetId,
  responses: { 200: interaction, 404: NO_SUCH_POST },
});

/** Posts, replies, likes, retweets, pins, the feeds, link previews and the image proxy. */
export const timelineOperations = (): ApiOperation[] => [
  {
    operationId: 'getFeed',
    method: 'GET',
    path: '/api/tweets',
    service: 'timeline',
    summary: 'The home timeline (a member) or the public timeline (a visitor)',
    auth: 'optional',
    query: pageQuerySchema,
    responses: {
      200: '`{items: FeedItem[], nextCursor}`: Tweets with `retweetedBy` (who retweeted it into this timeline, or null)',
    },
  },
  {
    operationId: 'createTweet',
    method: 'POST',
    path: '/api/tweets',
    service: 'timeline',
    summary: 'Post',
    description:
      'Text (at most 280 characters) or an image needed; at most 4 images: uploads of the author, or one inline data URL (up to 25 MB). The link preview is read by the server from `linkPreview.url`.',
    auth: 'required',
    body: createTweetRequestSchema,
    responses: {
      201: 'The Tweet',
      403: "An image is someone else's upload",
      413: 'The inline image is over 25 MB',
    },
  },
  {
    operationId: 'unpinTweet',
    method: 'DELETE',
    path: '/api/tweets/pin',
    service: 'timeline',
    summary: 'Unpin the own pinned post',
    auth: 'required',
    responses: { 204: 'Nothing is pinned any more', 404: 'Nothing was pinned' },
  },
  {
    operationId: 'getTweet',
    method: 'GET',
    path: '/api/tweets/{id}',
    service: 'timeline',
    summary: 'A post',
    auth: 'optional',
    params: tweetId,
    responses: {
      200: 'The Tweet, with `isLiked`, `isRetweeted` and `isPinned` for the reader',
      404: NO_SUCH_POST,
    },
  },
  {
    operationId: 'updateTweet',
    method: 'PUT',
    path: '/api/tweets/{id}',
    service: 'timeline',
    summary: 'Edit a post',
    description: 'The text only; images and preview stay.',
    auth: 'required',
    params: tweetId,
    body: updateTweetRequestSchema,
    responses: {
      200: 'The edited Tweet (`editedAt` set)',
      403: 'Not the author',
      404: NO_SUCH_POST,
    },
  },
  {
    operationId: 'deleteTweet',
    method: 'DELETE',
    path: '/api/tweets/{id}',
    service: 'timeline',
    summary: 'Delete a post',
    auth: 'required',
    params: tweetId,
    responses: { 204: 'Deleted', 403: 'Not the author', 404: NO_SUCH_POST },
  },
  interactionOperation('likeTweet', 'POST', 'like', 'Like a post'),
  interactionOperation('unlikeTweet', 'DELETE', 'like', 'Take a like back'),
  interactionOperation('retweet', 'POST', 'retweet', 'Retweet a post'),
  interactionOperation('unretweet', 'DELETE', 'retweet', 'Undo a retweet'),
  {
    operationId: 'replyToTweet',
    method: 'POST',
    path: '/api/tweets/{id}/reply',
    service: 'timeline',
    summary: 'Reply to a post',
    auth: 'required',
    params: tweetId,
    body: replyRequestSchema,
    responses: { 201: 'The reply: a Tweet with `parentId`', 404: NO_SUCH_POST },
  },
  {
    operationId: 'listReplies',
    method: 'GET',
    path: '/api/tweets/{id}/replies',
    service: 'timeline',
    summary: "A post's replies, oldest first",
    auth: 'optional',
    params: tweetId,
    query: pageQuerySchema,
    responses: { 200: '`{items: Tweet[], nextCursor}`', 404: NO_SUCH_POST },
  },
  {
    operationId: 'pinTweet',
    method: 'POST',
    path: '/api/tweets/{id}/pin',
    service: 'timeline',
    summary: 'Pin an own post',
    description: "One pinned post per user, shown as the user's `pinnedTweetId`.",
    auth: 'required',
    params: tweetId,
    responses: { 200: 'The pinned Tweet', 403: 'Not the author', 404: NO_SUCH_POST },
  },
  {
    operationId: 'listUserTweets',
    method: 'GET',
    path: '/api/users/{idOrUsername}/tweets',
    service: 'timeline',
    summary: "A user's posts (not replies), the pinned one first",
    auth: 'optional',
    params: z.object({ idOrUsername: idOrUsernameSchema }),
    query: pageQuerySchema,
    responses: { 200: '`{items: Tweet[], nextCursor}`', 404: 'No such user' },
  },
  {
    operationId: 'previewLink',
    method: 'POST',
    path: '/api/link-preview',
    service: 'timeline',
    summary: 'Read the preview of a link',
    auth: 'required',
    body: linkPreviewRequestSchema,
    responses: {
      200: '`{url, title, description, image, imageProxyUrl, siteName}`',
      422: "`This link can't be previewed`, for every destination refused or failed",
      429: 'Past 30 a minute per member or 60 per address',
    },
  },
  {
    operationId: 'proxyImage',
    method: 'GET',
    path: '/api/image-proxy',
    service: 'timeline',
    summary: "A link preview's image",
    description: 'The `imageProxyUrl` of a preview, signed by the server; the image is streamed.',
    auth: 'none',
    query: imageProxyQuerySchema,
    responses: {
      200: { description: 'The image', mediaType: 'image/*' },
      403: 'A missing or wrong `sig`',
      422: "`This image can't be loaded`, for every image refused or failed",
      429: 'Past 300 a minute per address',
    },
  },
];
