// For the TypeORM CLI and the migration generator.
import { DataSource } from 'typeorm';
import { searchConfigFromEnvironment } from '../config/search.config';
import { searchDataSourceOptions } from './search-data-source';

export default new DataSource(searchDataSourceOptions(searchConfigFromEnvironment()));
