import { defineService } from '@wave/service-runtime';
import { AppModule } from './app.module';
import { AuthorEntity } from './authors/author.entity';
import { TIMELINE_SCHEMA, loadTimelineConfig } from './config/timeline.config';
import { TIMELINE_MIGRATIONS } from './database/migrations';
import { tweetsReplaySource } from './replay/tweets-replay-source';
import { FollowEntity, FollowerCountEntity, FollowRemovalEntity } from './follows/follow.entity';
import { LikeEntity, RetweetEntity } from './tweets/interaction.entity';
import { PinEntity } from './tweets/pin.entity';
import { TweetHashtagEntity, TweetMentionEntity } from './tweets/text-entity.entity';
import { TweetEntity } from './tweets/tweet.entity';

/** Posts, replies, likes and retweets, pins, home timelines (fan-out), link previews and images. */
export const timelineService = defineService({
  name: 'timeline',
  schema: TIMELINE_SCHEMA,
  entities: [
    AuthorEntity,
    FollowEntity,
    FollowerCountEntity,
    FollowRemovalEntity,
    TweetEntity,
    LikeEntity,
    RetweetEntity,
    PinEntity,
    TweetHashtagEntity,
    TweetMentionEntity,
  ],
  migrations: TIMELINE_MIGRATIONS,
  loadConfig: loadTimelineConfig,
  module: (config) => AppModule.register(config),
  events: true,
  rpc: () => ({}),
  // No request-scoped logger: the feed is the hottest read, and pino-http with its async
  // context cost a sixth of a read's CPU (BENCHMARKS.md); the access log and error lines
  // name the request.
  perRequestLogs: false,
  app: (config) => ({ bodyLimit: config.TWEET_BODY_LIMIT_BYTES }),
  replaySources: (dataSource) => [tweetsReplaySource(dataSource)],
});
