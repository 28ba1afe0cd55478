import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { seedTimeline } from './seed/seed';
import { timelineService } from './service';

/** `node main.js [serve|migrate|replay --to <service> …|seed [--size default|large]]`. */
timelineService.main((config) => ({
  seed: async () => {
    const seeded = await seedTimeline(
      config,
      seedCommandOptions('timeline', process.argv.slice(3)),
    );
    return seeded.posts === 0
      ? 'the demo posts are there already'
      : `seeded ${seeded.posts} demo posts and replies, ${seeded.likes} likes and ${seeded.retweets} retweets`;
  },
}));
