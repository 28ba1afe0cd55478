import type { EventPayload, FeedItemResponse, TweetResponse } from '@wave/contracts';
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

/** `signer` links the preview's picture through the image proxy. */
export function toTweetResponse(view: TweetView, signer: ImageProxySigner): TweetResponse {
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
    isLiked: view.isLiked,
    isRetweeted: view.isRetweeted,
    isPinned: view.isPinned,
  };
}

/** A tweet as a feed shows it: `toTweetResponse` with who retweeted it (no copy of the rest). */
export function toFeedItemResponse(
  view: TweetView,
  signer: ImageProxySigner,
  retweetedBy: FeedItemResponse['retweetedBy'],
): FeedItemResponse {
  const item: TweetResponse & Partial<Pick<FeedItemResponse, 'retweetedBy'>> = toTweetResponse(
    view,
    signer,
  );
  item.retweetedBy = retweetedBy;
  return item as FeedItemResponse;
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
