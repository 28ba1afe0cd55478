import { describeServiceMigrations } from '@wave/testing';
import { mediaService } from '../src/service';

describeServiceMigrations(mediaService);
