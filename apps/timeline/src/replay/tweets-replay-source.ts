import type { DataSource } from 'typeorm';
import type { ReplaySource } from '@wave/messaging';
import { toTweetCreatedEvent } from '../tweets/tweet.mapper';
import { TweetsRepository } from '../tweets/tweets.repository';
import { extractHashtags, extractMentions } from '../tweets/text-entities.util';

/**
 * Timeline's posts and replies as the events that made them (`replay`): each as created, with
 * its text as it is now, and an edited one as edited too (`tweet.updated` with its last edit's
 * time, which search keeps the latest of).
 */
export function tweetsReplaySource(dataSource: DataSource): ReplaySource {
  const tweets = new TweetsRepository(dataSource);
  return {
    name: 'tweets',
    events: ['tweet.created', 'tweet.updated'],
    page: async (after, limit) => {
      const rows = await tweets.replayPage(after, limit);
      return {
        events: rows.flatMap((tweet) => {
          const hashtags = extractHashtags(tweet.content);
          const mentions = extractMentions(tweet.content);
          const created = {
            name: 'tweet.created' as const,
            payload: toTweetCreatedEvent(tweet, hashtags, mentions),
          };
          if (!tweet.editedAt) return [created];
          const edited = {
            name: 'tweet.updated' as const,
            payload: {
              tweetId: tweet.id,
              authorId: tweet.authorId,
              content: tweet.content,
              hashtags,
              mentions,
              editedAt: tweet.editedAt.toISOString(),
            },
          };
          return [created, edited];
        }),
        next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}
