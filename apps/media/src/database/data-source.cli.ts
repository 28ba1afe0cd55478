// For the TypeORM CLI and the migration generator.
import { DataSource } from 'typeorm';
import { mediaConfigFromEnvironment } from '../config/media.config';
import { mediaDataSourceOptions } from './media-data-source';

export default new DataSource(mediaDataSourceOptions(mediaConfigFromEnvironment()));
