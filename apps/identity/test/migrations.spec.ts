import { describeServiceMigrations } from '@wave/testing';
import { identityService } from '../src/service';

describeServiceMigrations(identityService);
