import { describeServiceMigrations } from '@wave/testing';
import { recommendationsService } from '../src/service';

describeServiceMigrations(recommendationsService);
