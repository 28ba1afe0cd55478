import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { seedAnalytics } from './seed/seed';
import { analyticsService } from './service';

/** `node main.js [serve|migrate|seed [--size default|large]]`. */
analyticsService.main((config) => ({
  seed: async () => {
    const seeded = await seedAnalytics(
      config,
      seedCommandOptions('analytics', process.argv.slice(3)),
    );
    return seeded.pageViews === 0
      ? 'views were counted already'
      : `seeded ${seeded.pageViews} page views and ${seeded.postViews} post views`;
  },
}));
