// npm run fuzz: the property-based fuzz suite with a larger budget than npm test
// gives it. Builds the services, then sends FUZZ_RUNS generated requests to every
// public route through the gateway (default 300 a route) and prints cases/s, and
// any failing request shrunk to its smallest form with the seed that replays it
// (FUZZ_SEED=<seed> npm run fuzz).
import { ensureDatastores } from './lib/datastores.mjs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { SERVICES } from './lib/services.mjs';
import { log, run } from './lib/shell.mjs';

const runs = process.env.FUZZ_RUNS ?? '300';
if (!/^\d+$/.test(runs) || Number(runs) < 1) {
  log(`FUZZ_RUNS must be a positive whole number (got "${runs}")`);
  process.exit(2);
}
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FUZZ_RUNS: runs,
};

await ensureDependencies();
const stopDatastores = await ensureDatastores();
let code = 1;
try {
  const services = SERVICES.filter((service) => !service.command).map((service) => service.name);
  code = await run(
    'node_modules/.bin/nx',
    ['run-many', '-t', 'build', '-p', services.join(','), '--output-style=static'],
    { env },
  );
  if (code === 0) {
    log(`Fuzzing every route with ${runs} cases each...`);
    code = await run(
      'node_modules/.bin/jest',
      ['-c', 'apps/e2e/jest.config.js', 'apps/e2e/test/fuzz', '--runInBand'],
      { env },
    );
  }
} finally {
  await stopDatastores();
}
process.exit(code);
