import { describeServiceMigrations } from '@wave/testing';
import { timelineService } from '../src/service';

describeServiceMigrations(timelineService);
