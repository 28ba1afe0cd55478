import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { createCommunitiesApp } from './communities-app';
import { communitiesConfigFromEnvironment } from './config/communities.config';
import { migrateCommunities } from './database/migrate';
import { seedCommunities } from './seed/seed';

/** `node main.js [serve|migrate|seed [--size default|large]]`. */
runServiceCommands('communities', () => {
  const config = communitiesConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createCommunitiesApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateCommunities(config)),
    seed: async () => {
      const seeded = await seedCommunities(
        config,
        seedCommandOptions('communities', process.argv.slice(3)),
      );
      return seeded.members + seeded.posts === 0
        ? 'the demo communities are there already'
        : `seeded ${seeded.communities} demo communities, ${seeded.members} memberships, ${seeded.posts} posts and ${seeded.comments} comments`;
    },
  };
});
