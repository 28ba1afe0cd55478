import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { OutboxEventEntity } from '@wave/messaging';
import { AuthorEntity } from '../authors/author.entity';
import { CommunityEntity } from '../communities/community.entity';
import { JoinRequestEntity, MembershipEntity } from '../communities/membership.entity';
import type { CommunitiesConfig } from '../config/communities.config';
import { COMMUNITIES_SCHEMA } from '../config/communities.config';
import { CommentEntity, PostEntity, PostLikeEntity, PostShareEntity } from '../posts/post.entity';
import { COMMUNITIES_MIGRATIONS } from './migrations';

export const COMMUNITIES_ENTITIES = [
  AuthorEntity,
  CommunityEntity,
  MembershipEntity,
  JoinRequestEntity,
  PostEntity,
  PostLikeEntity,
  PostShareEntity,
  CommentEntity,
  OutboxEventEntity,
];

export const communitiesDataSourceOptions = (config: CommunitiesConfig): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: COMMUNITIES_SCHEMA,
    entities: COMMUNITIES_ENTITIES,
    migrations: COMMUNITIES_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'communities',
  });
