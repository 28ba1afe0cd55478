import 'reflect-metadata';
import { identityConfigFromEnvironment } from './config/identity.config';
import { migrateIdentity } from './database/migrate';
import { createIdentityApp } from './identity-app';
import { seedIdentity } from './seed/seed';

/**
 * `node main.js [serve|migrate|seed]`: serve (the default) answers HTTP,
 * migrate brings the schema up to date, seed adds the demo accounts.
 */
async function main(): Promise<void> {
  const config = identityConfigFromEnvironment();
  const command = process.argv[2] ?? 'serve';
  switch (command) {
    case 'migrate': {
      const ran = await migrateIdentity(config);
      process.stdout.write(
        `identity: ${ran.length === 0 ? 'schema up to date' : `ran ${ran.join(', ')}`}\n`,
      );
      return;
    }
    case 'seed': {
      const created = await seedIdentity(config);
      process.stdout.write(`identity: seeded ${created} demo accounts\n`);
      return;
    }
    case 'serve': {
      const app = await createIdentityApp(config);
      await app.listen(config.PORT, config.HOST);
      return;
    }
    default:
      throw new Error(`Unknown command "${command}": use serve, migrate or seed`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
