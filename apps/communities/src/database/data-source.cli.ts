// For the TypeORM CLI and the migration generator.
import { DataSource } from 'typeorm';
import { communitiesConfigFromEnvironment } from '../config/communities.config';
import { communitiesDataSourceOptions } from './communities-data-source';

export default new DataSource(communitiesDataSourceOptions(communitiesConfigFromEnvironment()));
