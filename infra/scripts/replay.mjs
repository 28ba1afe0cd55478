// npm run replay -- --to <service> [--fresh] [--page-size N] [--max-pages N]: sends the
// owners' rows (identity's users and follows, timeline's posts) to one consumer's queue as the
// events that made them, to rebuild its projections (README, Operations: Replay). Builds the
// owners, then runs each one's `replay` command against the local datastores (or those the
// environment names); the consumer applies the events when it runs. Stopped, it goes on from
// where it was when run again; `--fresh` starts over.
import { SERVICES } from './lib/services.mjs';
import { log, runOrFail } from './lib/shell.mjs';

const args = process.argv.slice(2);
// As in start.mjs: development mode, where the apps take their built-in secrets.
const appEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const owners = SERVICES.filter((service) => service.replay);

log(`Building ${owners.map((owner) => owner.name).join(' and ')}...`);
await runOrFail(
  'node_modules/.bin/nx',
  [
    'run-many',
    '-t',
    'build',
    '-p',
    owners.map((owner) => owner.name).join(','),
    '--output-style=static',
  ],
  { env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } },
);
for (const owner of owners) {
  await runOrFail('node', [`dist/apps/${owner.name}/main.js`, 'replay', ...args], { env: appEnv });
}
