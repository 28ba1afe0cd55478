import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT, runOrFail } from './shell.mjs';

/**
 * Installs the locked dependencies when node_modules is missing or older than
 * the lock file. `npm install` (which keeps the locked versions) rather than
 * `npm ci`: npm 11 leaves other platforms' optional binaries (@swc/core-darwin-*
 * and the like) out of the lock file and then refuses `npm ci` on it as "out of
 * sync". The images (npm 10) use `npm ci`.
 */
export async function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (npm install from the lock file)...');
  await runOrFail('npm', ['install', '--no-audit', '--no-fund']);
}
