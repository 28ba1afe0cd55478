import type { EventPayload, TweetResponse } from '@wave/contracts';
import type { TweetEntity } from './tweet.entity';
import type { TweetView } from './tweets.repository';

/** Shown while the author's details have not reached timeline yet (moments after sign-up). */
const PENDING_AUTHOR = {
  username: '',
  displayName: '',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  verified: false,
};

export function toTweetResponse(view: TweetView): TweetResponse {
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
    linkPreview: view.linkPreview,
    parentId: view.parentId,
    repliesCount: view.repliesCount,
    retweetsCount: view.retweetsCount,
    likesCount: view.likesCount,
    isLiked: view.isLiked,
    isRetweeted: view.isRetweeted,
    isPinned: view.isPinned,
  };
}

export const toTweetCreatedEvent = (
  tweet: TweetEntity,
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
