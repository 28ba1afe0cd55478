// For the TypeORM CLI and the migration generator.
import { DataSource } from 'typeorm';
import { recommendationsConfigFromEnvironment } from '../config/recommendations.config';
import { recommendationsDataSourceOptions } from './recommendations-data-source';

export default new DataSource(
  recommendationsDataSourceOptions(recommendationsConfigFromEnvironment()),
);
