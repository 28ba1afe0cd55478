import 'reflect-metadata';
import { describeMigrationRun, runServiceCommands } from '@wave/service-runtime';
import { identityConfigFromEnvironment } from './config/identity.config';
import { migrateIdentity } from './database/migrate';
import { createIdentityApp } from './identity-app';
import { seedIdentity } from './seed/seed';

/** `node main.js [serve|migrate|seed]`. */
runServiceCommands('identity', () => {
  const config = identityConfigFromEnvironment();
  return {
    serve: async () => {
      const app = await createIdentityApp(config);
      await app.listen(config.PORT, config.HOST);
    },
    migrate: async () => describeMigrationRun(await migrateIdentity(config)),
    seed: async () => `seeded ${await seedIdentity(config)} demo accounts`,
  };
});
