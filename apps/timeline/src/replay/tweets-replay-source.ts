import type { DataSource } from 'typeorm';
import type { ReplaySource } from '@wave/messaging';
import { toTweetCreatedEvent } from '../tweets/tweet.mapper';
import { TweetsRepository } from '../tweets/tweets.repository';
import { extractHashtags, extractMentions } from '../tweets/text-entities.util';

/**
 * Timeline's posts and replies as the events that made them (`replay`), with their text as it
 * is now (an edited post's hashtags and mentions from its current text, as `tweet.updated` tells
 * them).
 */
export function tweetsReplaySource(dataSource: DataSource): ReplaySource {
  const tweets = new TweetsRepository(dataSource);
  return {
    name: 'tweets',
    events: ['tweet.created'],
    page: async (after, limit) => {
      const rows = await tweets.replayPage(after, limit);
      return {
        events: rows.map((tweet) => ({
          name: 'tweet.created' as const,
          payload: toTweetCreatedEvent(
            tweet,
            extractHashtags(tweet.content),
            extractMentions(tweet.content),
          ),
        })),
        next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}
