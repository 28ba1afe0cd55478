// npm run seed [-- --size large]: adds the demo community to the local databases, as
// `npm start` does on its way up (each service skips its part when it is there already).
// Works whether Wave runs or not: it makes sure PostgreSQL, Redis, the object store and
// media answer (starting those that do not, and stopping them again), builds and
// migrates, then runs the services' seed commands.
import { spawn } from 'node:child_process';
import { ensureDatastores } from './lib/datastores.mjs';
import { demoSizeOf, seedDemoCommunity, spawnObjectStore } from './lib/demo-seed.mjs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { OBJECT_STORE_PORT, SERVICES } from './lib/services.mjs';
import { fail, isPortOpen, log, ROOT, runOrFail, waitForPort } from './lib/shell.mjs';

const size = demoSizeOf(process.argv.slice(2));
// As in start.mjs: development mode, where the apps take their built-in secrets.
const appEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const MEDIA = SERVICES.find((service) => service.name === 'media');
const needed = SERVICES.filter((service) => service.seed || service === MEDIA);

await ensureDependencies();
const stopDatastores = await ensureDatastores();
const started = [];
const stopStarted = async () => {
  for (const child of started.reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await stopDatastores();
};
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
});

log('Building the services the seed needs...');
await runOrFail(
  'node_modules/.bin/nx',
  ['run-many', '-t', 'build', '-p', needed.map((s) => s.name).join(','), '--output-style=static'],
  { env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } },
);
for (const service of needed.filter((s) => s.migrate)) {
  await runOrFail('node', [`dist/apps/${service.name}/main.js`, 'migrate'], { env: appEnv });
}

/** Starts a child unless something answers on its port already (a running Wave). */
async function ensureRunning(name, port, start) {
  if (await isPortOpen(port)) return;
  log(`Starting ${name} for the seed...`);
  const child = start();
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  child.stdout.resume();
  started.push(child);
  if (!(await waitForPort(port, 30_000))) {
    await stopStarted();
    fail(`${name} did not start on port ${port}`);
  }
}
await ensureRunning('the object store', OBJECT_STORE_PORT, spawnObjectStore);
await ensureRunning('media', MEDIA.port, () =>
  spawn('node', [`dist/apps/${MEDIA.name}/main.js`], {
    cwd: ROOT,
    env: { ...appEnv, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }),
);

try {
  await seedDemoCommunity(size, appEnv);
} finally {
  await stopStarted();
}
