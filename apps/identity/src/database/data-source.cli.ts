// For the TypeORM CLI (migration:generate / migration:run / migration:revert).
import { DataSource } from 'typeorm';
import { identityConfigFromEnvironment } from '../config/identity.config';
import { identityDataSourceOptions } from './identity-data-source';

export default new DataSource(identityDataSourceOptions(identityConfigFromEnvironment()));
