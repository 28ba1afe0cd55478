import 'reflect-metadata';
import { mediaConfigFromEnvironment } from './config/media.config';
import { migrateMedia } from './database/migrate';
import { createMediaApp } from './media-app';

/** `node main.js [serve|migrate]`: serve (the default) answers HTTP, migrate brings the schema up to date. */
async function main(): Promise<void> {
  const config = mediaConfigFromEnvironment();
  const command = process.argv[2] ?? 'serve';
  switch (command) {
    case 'migrate': {
      const ran = await migrateMedia(config);
      process.stdout.write(
        `media: ${ran.length === 0 ? 'schema up to date' : `ran ${ran.join(', ')}`}\n`,
      );
      return;
    }
    case 'serve': {
      const app = await createMediaApp(config);
      await app.listen(config.PORT, config.HOST);
      return;
    }
    default:
      throw new Error(`Unknown command "${command}": use serve or migrate`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
