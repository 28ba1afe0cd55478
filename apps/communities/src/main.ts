import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { seedCommunities } from './seed/seed';
import { communitiesService } from './service';

/** `node main.js [serve|migrate|seed [--size default|large]]`. */
communitiesService.main((config) => ({
  seed: async () => {
    const seeded = await seedCommunities(
      config,
      seedCommandOptions('communities', process.argv.slice(3)),
    );
    return seeded.members + seeded.posts === 0
      ? 'the demo communities are there already'
      : `seeded ${seeded.communities} demo communities, ${seeded.members} memberships, ${seeded.posts} posts and ${seeded.comments} comments`;
  },
}));
