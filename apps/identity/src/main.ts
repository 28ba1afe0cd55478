import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { describeMigrationRun, runServiceCommands, serveUntilStopped } from '@wave/service-runtime';
import { identityConfigFromEnvironment } from './config/identity.config';
import { migrateIdentity } from './database/migrate';
import { createIdentityApp } from './identity-app';
import { seedIdentity } from './seed/seed';

/** `node main.js [serve|migrate|seed [--size default|large]]`. */
runServiceCommands('identity', () => {
  const config = identityConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createIdentityApp(config);
      await serveUntilStopped(app, config);
    },
    migrate: async () => describeMigrationRun(await migrateIdentity(config)),
    seed: async () => {
      const seeded = await seedIdentity(
        config,
        seedCommandOptions('identity', process.argv.slice(3)),
      );
      return seeded.members + seeded.follows === 0
        ? 'the demo members are there already'
        : `seeded ${seeded.members} demo members and ${seeded.follows} follows`;
    },
  };
});
