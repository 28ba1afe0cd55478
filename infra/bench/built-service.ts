import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { ServiceProcess } from '@wave/testing';
import { serviceProcess } from '@wave/testing';

const ROOT = join(__dirname, '../..');

/** A built service's bundle (`npm run build` first). */
export const bundleOf = (app: string): string => join(ROOT, 'dist/apps', app, 'main.js');

/** Runs a built service's migrations with `env`, and waits for them. */
export function migrateBuilt(app: string, env: Record<string, string>): void {
  execFileSync(process.execPath, [bundleOf(app), 'migrate'], { env: { ...process.env, ...env } });
}

/** A built service as a child process on `port` (started by its `start()`). */
export function builtService(
  app: string,
  port: number,
  env: Record<string, string>,
  options: { healthPath?: string } = {},
): ServiceProcess {
  return serviceProcess({ name: app, bundle: bundleOf(app), cwd: ROOT, port, env, ...options });
}
