import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { OutboxEventEntity } from '@wave/messaging';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_SCHEMA } from '../config/identity.config';
import { FollowEntity } from '../follows/follow.entity';
import { UserEntity } from '../users/user.entity';
import { IDENTITY_MIGRATIONS } from './migrations';

export const IDENTITY_ENTITIES = [UserEntity, FollowEntity, OutboxEventEntity];

export const identityDataSourceOptions = (config: IdentityConfig): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
    entities: IDENTITY_ENTITIES,
    migrations: IDENTITY_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'identity',
  });
