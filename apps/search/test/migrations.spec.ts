import { describeServiceMigrations } from '@wave/testing';
import { searchService } from '../src/service';

describeServiceMigrations(searchService);
