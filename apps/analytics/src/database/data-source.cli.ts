// For the TypeORM CLI and the migration generator.
import { DataSource } from 'typeorm';
import { analyticsConfigFromEnvironment } from '../config/analytics.config';
import { analyticsDataSourceOptions } from './analytics-data-source';

export default new DataSource(analyticsDataSourceOptions(analyticsConfigFromEnvironment()));
