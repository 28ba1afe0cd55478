import { Inject, Injectable } from '@nestjs/common';
import { EventSubscriber } from '@wave/messaging';
import type { SearchConfig } from '../config/search.config';
import { SEARCH_CONFIG } from '../config/search.config';
import type { SearchEngine } from '../engine/search-engine';
import { SEARCH_ENGINE } from '../engine/search-engine';

/**
 * Keeps the index current from the `search-events` queue: users (and their
 * follower counts) and posts. Every write is idempotent, so the queue's
 * retries with backoff are safe; jobs that keep failing stay in the queue.
 */
@Injectable()
export class SearchIndexerWorker extends EventSubscriber<'search'> {
  constructor(
    @Inject(SEARCH_CONFIG) config: SearchConfig,
    @Inject(SEARCH_ENGINE) engine: SearchEngine,
  ) {
    const applyUser = (event: {
      userId: string;
      username: string;
      displayName: string;
      profileImageUrl: string | null;
      verified: boolean;
      version: number;
    }) =>
      engine.applyUser({
        id: event.userId,
        username: event.username,
        displayName: event.displayName,
        profileImageUrl: event.profileImageUrl,
        verified: event.verified,
        version: event.version,
      });
    super({
      consumer: 'search',
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      subscribers: config.EVENT_SUBSCRIBERS,
      logContext: 'SearchIndexer',
      handlers: {
        'user.registered': applyUser,
        'user.updated': applyUser,
        'follow.created': (event) =>
          engine.setFollow(event.followerId, event.followeeId, true, new Date(event.createdAt)),
        'follow.deleted': (event) =>
          engine.setFollow(event.followerId, event.followeeId, false, new Date(event.deletedAt)),
        'tweet.created': (event) =>
          engine.upsertPost({
            id: event.tweetId,
            authorId: event.authorId,
            content: event.content,
            hashtags: event.hashtags,
            createdAt: new Date(event.createdAt),
          }),
        'tweet.updated': (event) =>
          engine.updatePost({
            id: event.tweetId,
            authorId: event.authorId,
            content: event.content,
            hashtags: event.hashtags,
            editedAt: new Date(event.editedAt),
          }),
        'tweet.deleted': (event) => engine.deletePost(event.tweetId),
      },
    });
  }
}
