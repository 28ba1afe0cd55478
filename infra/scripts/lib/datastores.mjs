// Makes sure PostgreSQL and Redis answer on loopback: reuses running servers,
// starts installed ones, installs missing ones with apt-get (Debian).
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import {
  commandExists,
  fail,
  isPortOpen,
  isRoot,
  log,
  run,
  runOrFail,
  waitForPort,
} from './shell.mjs';

export const POSTGRES_PORT = 5432;
export const REDIS_PORT = 6379;
/** Where the Redis started here keeps its append-only file (git ignores infra/.run). */
const REDIS_DIRECTORY = fileURLToPath(new URL('../../.run/redis', import.meta.url));

const sudo = () => (isRoot() ? [] : commandExists('sudo') ? ['sudo'] : null);

async function aptInstall(packages) {
  const prefix = sudo();
  if (prefix === null || !commandExists('apt-get')) {
    fail(`Please install ${packages.join(' and ')} (no apt-get, or not root and no sudo).`);
  }
  log(`Installing ${packages.join(', ')} with apt-get...`);
  const [command, ...rest] = [...prefix, 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run(command, [...rest, 'install', '-y', '--no-install-recommends', ...packages], {
      env,
    })) !== 0
  ) {
    await runOrFail(command, [...rest, 'update'], { env });
    await runOrFail(command, [...rest, 'install', '-y', '--no-install-recommends', ...packages], {
      env,
    });
  }
}

const postgresClusters = () => {
  if (!existsSync('/etc/postgresql')) return [];
  return readdirSync('/etc/postgresql').filter((version) =>
    existsSync(`/etc/postgresql/${version}/main`),
  );
};

/** Returns a function that stops what this call started (nothing if it was running). */
async function ensurePostgres() {
  if (await isPortOpen(POSTGRES_PORT)) {
    log(`PostgreSQL: already running on 127.0.0.1:${POSTGRES_PORT}`);
    return async () => {};
  }
  if (postgresClusters().length === 0) await aptInstall(['postgresql', 'postgresql-contrib']);
  const [version] = postgresClusters();
  if (!version) fail('PostgreSQL is installed but has no cluster in /etc/postgresql/*/main');
  log(`PostgreSQL: starting cluster ${version}/main...`);
  const prefix = sudo() ?? [];
  const ctl = [...prefix, 'pg_ctlcluster', '--skip-systemctl-redirect', version, 'main'];
  await runOrFail(ctl[0], [...ctl.slice(1), 'start']);
  if (!(await waitForPort(POSTGRES_PORT, 20_000))) fail('PostgreSQL did not start');
  // A fresh Debian cluster wants a password over TCP: give postgres the one our URLs carry.
  const asPostgres = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [...prefix, '-u', 'postgres'];
  spawnSync(
    asPostgres[0],
    [...asPostgres.slice(1), 'psql', '-qc', "ALTER USER postgres PASSWORD 'postgres'"],
    {
      stdio: 'ignore',
    },
  );
  return async () => {
    log('PostgreSQL: stopping the cluster this script started');
    await run(ctl[0], [...ctl.slice(1), 'stop']);
  };
}

/** A Redis this script did not start may keep nothing across a restart: say so. */
function warnUnlessAppendOnly() {
  const answer = spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'CONFIG', 'GET', 'appendonly'], {
    encoding: 'utf8',
  });
  if (answer.status === 0 && /^appendonly\s+no\s*$/m.test(answer.stdout)) {
    log(
      'Redis: this one runs without its append-only file: queued jobs and sessions do not survive ' +
        'its restart (the README\'s "What Redis keeps")',
    );
  }
}

async function ensureRedis() {
  if (await isPortOpen(REDIS_PORT)) {
    log(`Redis: already running on 127.0.0.1:${REDIS_PORT}`);
    warnUnlessAppendOnly();
    return async () => {};
  }
  if (!commandExists('redis-server')) await aptInstall(['redis-server']);
  log(`Redis: starting (append-only file in ${REDIS_DIRECTORY})...`);
  mkdirSync(REDIS_DIRECTORY, { recursive: true });
  // Queues and the relay's jobs must survive a restart, as in compose and k8s: an append-only
  // file written to disk every second; no snapshots; never evict a queued job.
  await runOrFail('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    String(REDIS_PORT),
    '--dir',
    REDIS_DIRECTORY,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
  ]);
  if (!(await waitForPort(REDIS_PORT, 10_000))) fail('Redis did not start');
  return async () => {
    log('Redis: stopping the server this script started');
    // The append-only file is already on disk (shutdown flushes it); no snapshot besides.
    await run('redis-cli', ['-p', String(REDIS_PORT), 'shutdown', 'nosave']);
  };
}

/** Ensures both are up; resolves with a function that stops what was started here. */
export async function ensureDatastores() {
  const stopPostgres = await ensurePostgres();
  const stopRedis = await ensureRedis();
  return async () => {
    await stopRedis();
    await stopPostgres();
  };
}
