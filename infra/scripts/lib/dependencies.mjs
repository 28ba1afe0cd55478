import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT, runOrFail } from './shell.mjs';

/** Installs the locked dependencies when node_modules is missing or older than the lock file. */
export async function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (npm ci)...');
  await runOrFail('npm', ['ci', '--no-audit', '--no-fund']);
}
