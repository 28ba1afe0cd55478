import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands } from '@wave/service-runtime';
import { createCommunitiesApp } from './communities-app';
import { communitiesConfigFromEnvironment } from './config/communities.config';
import { migrateCommunities } from './database/migrate';
import { seedCommunities } from './seed/seed';

/** `node main.js [serve|migrate|seed]`. */
runServiceCommands('communities', () => {
  const config = communitiesConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createCommunitiesApp(config);
      await app.listen(config.PORT, config.HOST);
    },
    migrate: async () => describeMigrationRun(await migrateCommunities(config)),
    seed: async () => `seeded ${await seedCommunities(config)} demo communities`,
  };
});
