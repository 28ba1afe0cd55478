import type { EventPayload, TweetResponse } from '@wave/contracts';
import type { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import { toLinkPreviewResponse } from '../link-previews/link-preview.mapper';
import type { TweetState, TweetView } from './tweets.repository';

/** Shown while the author's details have not reached timeline yet (moments after sign-up). */
const PENDING_AUTHOR = {
  username: '',
  displayName: '',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  verified: false,
};

/** A tweet as every reader sees it alike: the response without the reader's own flags. */
export type SharedTweetResponse = Omit<TweetResponse, 'isLiked' | 'isRetweeted' | 'isPinned'>;

/** `signer` links the preview's picture through the image proxy. */
export function toSharedTweetResponse(
  view: TweetState & Pick<TweetView, 'author'>,
  signer: ImageProxySigner,
): SharedTweetResponse {
  const author = view.author ?? PENDING_AUTHOR;
  return {
    id: view.id,
    content: view.content,
    authorId: view.authorId,
    author: { id: view.authorId, ...author },
    createdAt: view.createdAt.toISOString(),
    editedAt: view.editedAt?.toISOString() ?? null,
    imageUrl: view.imageUrls[0] ?? null,
    imageUrls: view.imageUrls,
    linkPreview: view.linkPreview && toLinkPreviewResponse(view.linkPreview, signer),
    parentId: view.parentId,
    repliesCount: view.repliesCount,
    retweetsCount: view.retweetsCount,
    likesCount: view.likesCount,
  };
}

/** The shared part, then the reader's flags (last: the feed's JSON appends them the same way). */
export function toTweetResponse(
  view: TweetState & Pick<TweetView, 'author' | 'isLiked' | 'isRetweeted' | 'isPinned'>,
  signer: ImageProxySigner,
): TweetResponse {
  const response = toSharedTweetResponse(view, signer) as TweetResponse;
  response.isLiked = view.isLiked;
  response.isRetweeted = view.isRetweeted;
  response.isPinned = view.isPinned;
  return response;
}

export const toTweetCreatedEvent = (
  tweet: Pick<TweetState, 'id' | 'authorId' | 'content' | 'imageUrls' | 'parentId' | 'createdAt'>,
  hashtags: string[],
  mentions: string[],
): EventPayload<'tweet.created'> => ({
  tweetId: tweet.id,
  authorId: tweet.authorId,
  content: tweet.content,
  hashtags,
  mentions,
  imageUrls: tweet.imageUrls,
  parentId: tweet.parentId,
  createdAt: tweet.createdAt.toISOString(),
});
