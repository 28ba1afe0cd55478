import { describeServiceMigrations } from '@wave/testing';
import { communitiesService } from '../src/service';

describeServiceMigrations(communitiesService);
