import { useUserTweets } from '../api/get-user-tweets';
import { MESSAGES } from '../messages';
import { TweetList } from './tweet-list';

/** A user's posts for their profile (id or username): the pinned one first, as the API orders them. */
export function UserTweets({ userId }: { userId: string }) {
  const query = useUserTweets(userId);
  if (!userId) return null;
  return <TweetList query={query} label="Posts" emptyText={MESSAGES.noUserPosts} showPinned />;
}
