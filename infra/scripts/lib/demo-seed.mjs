// The demo community (libs/demo-data): each service's `seed` command writes its part through
// its own code, in the order of SERVICES (identity's members first, analytics' views last).
// The object store and media must answer: the seeds upload pictures, and media claims them.
import { spawn } from 'node:child_process';
import { SERVICES } from './services.mjs';
import { fail, log, ROOT, runOrFail } from './shell.mjs';

export const DEMO_SIZES = ['default', 'large'];

/** `--size large` (or `--size=large`) among the arguments; `default` without one. */
export function demoSizeOf(args) {
  let size = 'default';
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const value = arg.startsWith('--size=')
      ? arg.slice(7)
      : arg === '--size'
        ? args[++index]
        : null;
    if (value === null) fail(`Unknown argument ${arg}: use --size ${DEMO_SIZES.join('|')}`);
    if (!DEMO_SIZES.includes(value)) fail(`Unknown size ${value}: use ${DEMO_SIZES.join(' or ')}`);
    size = value;
  }
  return size;
}

const bundle = (name) => `dist/apps/${name}/main.js`;

/**
 * Runs the built services' seed commands (each skips what exists): the first (identity's
 * members, whom every other part needs) alone, then the others side by side, each waiting
 * for what it needs from the events (analytics for the posts timeline writes meanwhile).
 * All at once is slower on two cores: the seeds are busy, not waiting. Returns the seconds.
 */
export async function seedDemoCommunity(size, env) {
  const started = Date.now();
  log(`Seeding the demo community (${size})...`);
  // One end for the thirty days, so that every service generates the very same dates.
  const now = new Date().toISOString();
  const seed = async (service) => {
    const begun = Date.now();
    await runOrFail('node', [bundle(service.name), 'seed', '--size', size, '--now', now], {
      env: { ...env, LOG_LEVEL: 'warn' },
    });
    log(`  ${service.name}: ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  };
  const [first, ...others] = SERVICES.filter((service) => service.seed);
  await seed(first);
  await Promise.all(others.map(seed));
  const seconds = (Date.now() - started) / 1000;
  log(`Demo community ready in ${seconds.toFixed(1)} s`);
  return seconds;
}

/** Starts the local S3 server (infra/scripts/s3-server.mjs) as a child process. */
export function spawnObjectStore() {
  return spawn('node', ['infra/scripts/s3-server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
