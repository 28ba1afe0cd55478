import type { DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions } from '@wave/database';
import { ClaimEntity, AppliedVersionEntity } from '../claims/claim.entity';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_SCHEMA } from '../config/media.config';
import { UploadEntity } from '../uploads/upload.entity';
import { MEDIA_MIGRATIONS } from './migrations';

export const MEDIA_ENTITIES = [UploadEntity, ClaimEntity, AppliedVersionEntity];

export const mediaDataSourceOptions = (config: MediaConfig): DataSourceOptions =>
  buildDataSourceOptions({
    url: config.DATABASE_URL,
    schema: MEDIA_SCHEMA,
    entities: MEDIA_ENTITIES,
    migrations: MEDIA_MIGRATIONS,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'media',
  });
