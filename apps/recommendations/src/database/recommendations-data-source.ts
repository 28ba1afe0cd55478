import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { AppliedEventEntity } from '../common/applied-event.entity';
import type { RecommendationsConfig } from '../config/recommendations.config';
import { RECOMMENDATIONS_SCHEMA } from '../config/recommendations.config';
import { DismissalEntity, FeedbackEntity } from '../feedback/feedback.entity';
import { ImpressionEntity } from '../ranking/impression.entity';
import { ModelEntity } from '../ranking/model.entity';
import { CommunityEntity } from '../signals/community.entity';
import { CommunityMemberEntity } from '../signals/community-member.entity';
import { CommunityPostEntity } from '../signals/community-post.entity';
import { FollowEntity } from '../signals/follow.entity';
import { InteractionEntity } from '../signals/interaction.entity';
import { PostEntity } from '../signals/post.entity';
import { PostTagEntity } from '../signals/post-tag.entity';
import { SearchClickEntity } from '../signals/search-click.entity';
import { UserEntity } from '../signals/user.entity';
import { TermStatEntity, UserTermEntity } from '../signals/user-term.entity';
import { UserTopicEntity } from '../signals/user-topic.entity';
import { RECOMMENDATIONS_MIGRATIONS } from './migrations';

export const RECOMMENDATIONS_ENTITIES = [
  AppliedEventEntity,
  UserEntity,
  FollowEntity,
  PostEntity,
  PostTagEntity,
  InteractionEntity,
  UserTopicEntity,
  UserTermEntity,
  TermStatEntity,
  CommunityEntity,
  CommunityMemberEntity,
  CommunityPostEntity,
  SearchClickEntity,
  FeedbackEntity,
  DismissalEntity,
  ImpressionEntity,
  ModelEntity,
];

export const recommendationsDataSourceOptions = (
  config: RecommendationsConfig,
): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: RECOMMENDATIONS_SCHEMA,
    entities: RECOMMENDATIONS_ENTITIES,
    migrations: RECOMMENDATIONS_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'recommendations',
  });
