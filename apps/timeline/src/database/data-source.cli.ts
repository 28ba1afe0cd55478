// For the TypeORM CLI and the migration generator.
import { DataSource } from 'typeorm';
import { timelineConfigFromEnvironment } from '../config/timeline.config';
import { timelineDataSourceOptions } from './timeline-data-source';

export default new DataSource(timelineDataSourceOptions(timelineConfigFromEnvironment()));
