// npm test: the same preparation as npm start, then lint, typecheck, format
// check, unit and integration tests, and the whole-stack tests. It ends with
// the test runners' own summaries and exits non-zero on any failure.
import { ensureDatastores } from './lib/datastores.mjs';
import { ensureChromium } from './lib/browser.mjs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { ensureNginx } from './lib/nginx.mjs';
import { SERVICES } from './lib/services.mjs';
import { log, run } from './lib/shell.mjs';

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
};
const bin = (name) => `node_modules/.bin/${name}`;
const failures = [];

// The test runners (and the services the whole-stack tests start) run in test mode, whatever
// the caller's NODE_ENV: the apps' built-in secrets work there and nowhere else but
// development. The build keeps the caller's environment (the web client is built for production).
const testEnv = { ...env, NODE_ENV: 'test' };

async function step(name, command, args, stepEnv = env) {
  log(`${name}: ${[command, ...args].join(' ')}`);
  const code = await run(command, args, { env: stepEnv });
  if (code !== 0) {
    failures.push(name);
    log(`${name} FAILED (exit ${code})`);
  }
}

await ensureDependencies();
const stopDatastores = await ensureDatastores();
await ensureChromium();
await ensureNginx();
try {
  await step('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  await step('lint and typecheck', bin('nx'), [
    'run-many',
    '-t',
    'lint',
    'typecheck',
    '--parallel=2',
    '--output-style=static',
  ]);
  await step('build', bin('nx'), [
    'run-many',
    '-t',
    'build',
    '-p',
    SERVICES.map((s) => s.name).join(','),
    '--output-style=static',
  ]);
  await step(
    'unit and integration tests',
    bin('jest'),
    ['-c', 'jest.config.js', '--maxWorkers=2'],
    testEnv,
  );
  await step(
    'web component tests',
    bin('vitest'),
    ['run', '--config', 'apps/web/vite.config.ts'],
    testEnv,
  );
  // The fault scenarios put a steady load on the machine by design: they run after the others,
  // alone, so that they neither slow the timing-bound tests beside them nor are slowed by them.
  await step(
    'whole-stack tests',
    bin('jest'),
    ['-c', 'apps/e2e/jest.config.js', '--testPathIgnorePatterns', '/node_modules/', '/chaos'],
    testEnv,
  );
  await step(
    'fault scenarios',
    bin('jest'),
    ['-c', 'apps/e2e/jest.config.js', '--maxWorkers=1', 'apps/e2e/test/chaos'],
    testEnv,
  );
} finally {
  await stopDatastores();
}
if (failures.length > 0) {
  log(`Failed: ${failures.join(', ')}`);
  process.exit(1);
}
