import { describeServiceMigrations } from '@wave/testing';
import { analyticsService } from '../src/service';

describeServiceMigrations({
  ...analyticsService,
  // Fewer day partitions to create (the migration run makes today's window).
  loadConfig: (env) => analyticsService.loadConfig({ ...env, RAW_EVENTS_RETENTION_DAYS: '3' }),
});
