// npm start: install what is missing, make sure PostgreSQL and Redis run, build,
// migrate, start the object store and media, seed the demo community (skipped when it
// is there), start every other service and print the URL.
// A service that exits on its own is started again (with a backoff, said in the log), as an
// orchestrator would. Ctrl-C stops everything this script started.
import { spawn } from 'node:child_process';
import { ensureDatastores } from './lib/datastores.mjs';
import { seedDemoCommunity, spawnObjectStore } from './lib/demo-seed.mjs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { GATEWAY_URL, OBJECT_STORE_PORT, SERVICES, WEB_URL } from './lib/services.mjs';
import { fail, isPortOpen, log, ROOT, runOrFail, waitForPort } from './lib/shell.mjs';
import { Supervisor } from './lib/supervisor.mjs';

const nx = ['node_modules/.bin/nx'];
const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
// The migrations, seeds and services run in development mode (unless the caller chose a
// mode): the only mode, with test, in which the apps take their built-in secrets. An unset
// NODE_ENV means production, which refuses to start without secrets of your own. The
// build keeps the caller's environment (the web client is built for production).
const appEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const COLORS = [33, 35, 32, 34, 36, 31];

await ensureDependencies();
const stopDatastores = await ensureDatastores();

for (const service of SERVICES) {
  if (await isPortOpen(service.port)) {
    await stopDatastores();
    fail(`Port ${service.port} (${service.name}) is in use: is Wave already running?`);
  }
}

log('Building the services...');
await runOrFail(
  nx[0],
  ['run-many', '-t', 'build', '-p', SERVICES.map((s) => s.name).join(','), '--output-style=static'],
  {
    env: nxEnv,
  },
);

const bundle = (name) => `dist/apps/${name}/main.js`;
for (const service of SERVICES.filter((s) => s.migrate)) {
  await runOrFail('node', [bundle(service.name), 'migrate'], { env: appEnv });
}

// Finish (or give up) before the supervisor kills what is left, 8 s after Ctrl-C.
const supervisor = new Supervisor({ log, killAfterMs: 8_000 });
let stopping = false;

// The local S3 server, unless one already answers on its port.
if (await isPortOpen(OBJECT_STORE_PORT)) {
  log(`Object store: already running on 127.0.0.1:${OBJECT_STORE_PORT}`);
} else {
  supervisor.add('the object store', spawnObjectStore, (store) => {
    prefixLines(store.stdout, '[s3]'.padEnd(12), 90);
    prefixLines(store.stderr, '[s3]'.padEnd(12), 90);
  });
  if (!(await waitForPort(OBJECT_STORE_PORT, 15_000))) {
    await shutdown(1, 'The object store did not start');
  }
}

function prefixLines(stream, label, color) {
  let pending = '';
  stream.on('data', (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`\x1b[${color}m${label}\x1b[0m ${line}\n`);
  });
}

function startService(service, index) {
  const [command, ...args] = service.command ?? ['node', bundle(service.name)];
  const label = `[${service.name}]`.padEnd(12);
  supervisor.add(
    service.name,
    () =>
      spawn(command, args, {
        cwd: ROOT,
        env: {
          ...appEnv,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
          // Finish (or give up) before the supervisor kills what is left, 8 s after Ctrl-C.
          SHUTDOWN_TIMEOUT_MS: process.env.SHUTDOWN_TIMEOUT_MS ?? '7000',
          ...(service.metricsPort ? { METRICS_PORT: String(service.metricsPort) } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    (child) => {
      prefixLines(child.stdout, label, COLORS[index % COLORS.length]);
      prefixLines(child.stderr, label, COLORS[index % COLORS.length]);
    },
  );
}

async function shutdown(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) log(reason);
  log('Stopping...');
  await supervisor.stop();
  await stopDatastores();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
// If this script dies some other way (its terminal or npm gone), the services go with it.
process.on('exit', () => {
  for (const child of supervisor.children()) child.kill('SIGTERM');
});
process.stdout.on('error', () => void shutdown(0));

// Media first: the seeds upload their pictures to it, and it answers their claims.
const MEDIA = SERVICES.find((service) => service.name === 'media');
startService(MEDIA, SERVICES.indexOf(MEDIA));
if (!(await waitForPort(MEDIA.port, 30_000))) {
  await shutdown(1, 'media did not start; stopping everything.');
}
await seedDemoCommunity('default', appEnv);
SERVICES.forEach((service, index) => {
  if (service !== MEDIA) startService(service, index);
});

for (const service of SERVICES) {
  if (!(await waitForPort(service.port, 30_000))) {
    await shutdown(
      1,
      `${service.name} did not start on port ${service.port}; stopping everything.`,
    );
  }
}
log('');
log(`Wave is running: ${WEB_URL}  (API gateway: ${GATEWAY_URL}/api/health)`);
log('Demo accounts: ada@demo.wave.local, grace@demo.wave.local, ... password wave-demo-2026');
log(
  `Metrics (Prometheus): ${SERVICES.filter((service) => service.metricsPort)
    .map((service) => `${service.name} http://127.0.0.1:${service.metricsPort}/metrics`)
    .join(', ')}`,
);
log('Press Ctrl-C to stop.');
