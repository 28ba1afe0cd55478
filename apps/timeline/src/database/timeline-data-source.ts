import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { OutboxEventEntity } from '@wave/messaging';
import { AuthorEntity } from '../authors/author.entity';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_SCHEMA } from '../config/timeline.config';
import { FollowEntity, FollowerCountEntity, FollowRemovalEntity } from '../follows/follow.entity';
import { LikeEntity, RetweetEntity } from '../tweets/interaction.entity';
import { PinEntity } from '../tweets/pin.entity';
import { TweetHashtagEntity, TweetMentionEntity } from '../tweets/text-entity.entity';
import { TweetEntity } from '../tweets/tweet.entity';
import { TIMELINE_MIGRATIONS } from './migrations';

export const TIMELINE_ENTITIES = [
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
  OutboxEventEntity,
];

export const timelineDataSourceOptions = (config: TimelineConfig): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: TIMELINE_SCHEMA,
    entities: TIMELINE_ENTITIES,
    migrations: TIMELINE_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'timeline',
  });
