import 'reflect-metadata';
import { seedCommandOptions } from '@wave/demo-data';
import { seedIdentity } from './seed/seed';
import { identityService } from './service';

/** `node main.js [serve|migrate|replay --to <service> …|seed [--size default|large]]`. */
identityService.main((config) => ({
  seed: async () => {
    const seeded = await seedIdentity(
      config,
      seedCommandOptions('identity', process.argv.slice(3)),
    );
    return seeded.members + seeded.follows === 0
      ? 'the demo members are there already'
      : `seeded ${seeded.members} demo members and ${seeded.follows} follows`;
  },
}));
