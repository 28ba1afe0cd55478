import type { TweetResponse } from '@wave/contracts';
import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { useToggleLike } from '../api/like-tweet';
import { useToggleRetweet } from '../api/retweet-tweet';
import { useSignInGuard } from '../hooks/use-sign-in-guard';
import { ActionButton } from '../../../components/action-button';
import { ViewCount } from '../../analytics/components/view-count';
import { ShareButton } from './share-button';

/**
 * Reply, retweet, like, the view count and share. Likes and retweets show at once (and roll
 * back if the server refuses); a visitor is asked to sign in instead.
 */
export function TweetActions({
  tweet,
  onReply,
  replyExpanded,
  replyControls,
}: {
  tweet: TweetResponse;
  onReply: () => void;
  replyExpanded?: boolean;
  replyControls?: string;
}) {
  const allowed = useSignInGuard();
  const toggleLike = useToggleLike();
  const toggleRetweet = useToggleRetweet();
  return (
    <div
      role="group"
      aria-label="Post actions"
      className="-ml-1.5 mt-2 flex max-w-md justify-between"
    >
      <ActionButton
        label="Reply"
        icon={MessageCircle}
        count={tweet.repliesCount}
        aria-expanded={replyExpanded}
        aria-controls={replyExpanded ? replyControls : undefined}
        onClick={() => {
          if (allowed('reply')) onReply();
        }}
      />
      <ActionButton
        label={tweet.isRetweeted ? 'Undo retweet' : 'Retweet'}
        icon={Repeat2}
        count={tweet.retweetsCount}
        pressed={tweet.isRetweeted}
        activeClassName="text-green-600 dark:text-green-500"
        className="hover:text-green-600"
        onClick={() => {
          if (allowed('retweet')) void toggleRetweet(tweet);
        }}
      />
      <ActionButton
        label={tweet.isLiked ? 'Unlike' : 'Like'}
        icon={Heart}
        count={tweet.likesCount}
        pressed={tweet.isLiked}
        fillWhenPressed
        activeClassName="text-pink-600 dark:text-pink-500"
        className="hover:text-pink-600"
        onClick={() => {
          if (allowed('like')) void toggleLike(tweet);
        }}
      />
      <ViewCount tweetId={tweet.id} />
      <ShareButton tweet={tweet} />
    </div>
  );
}
