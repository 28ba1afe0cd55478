import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { deleteKeysWithPrefix } from '@wave/redis';
import type { ServiceProcess, TestDatabase } from '@wave/testing';
import { createTestDatabase, freePort, serviceProcess, testRedisUrl } from '@wave/testing';

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
  options: { healthPath?: string; bundle?: string } = {},
): ServiceProcess {
  return serviceProcess({ name: app, bundle: bundleOf(app), cwd: ROOT, port, env, ...options });
}

/** Where a benchmark's services keep their data, and the secret of their signed identity header. */
export interface BenchStores {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  internalAuthSecret: string;
}

/**
 * A benchmark's own stores: a scratch database (`database.drop()` at the end) and the Redis key
 * prefix, emptied first.
 */
export async function scratchStores(
  databaseName: string,
  redisKeyPrefix: string,
  internalAuthSecret: string,
): Promise<{ database: TestDatabase; stores: BenchStores }> {
  const database = await createTestDatabase(databaseName);
  const redisUrl = testRedisUrl();
  await deleteKeysWithPrefix(redisUrl, redisKeyPrefix);
  return {
    database,
    stores: { databaseUrl: database.url, redisUrl, redisKeyPrefix, internalAuthSecret },
  };
}

/**
 * The environment of a benchmark's built services: production mode and logging at `warn` (what
 * every benchmark measures), its stores, and `extra` (addresses, lifted rate limits).
 */
export const builtServiceEnv = (
  stores: BenchStores,
  extra: Record<string, string> = {},
): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: stores.databaseUrl,
  REDIS_URL: stores.redisUrl,
  REDIS_KEY_PREFIX: stores.redisKeyPrefix,
  INTERNAL_AUTH_SECRET: stores.internalAuthSecret,
  ...extra,
});

type Ports<N extends number, T extends number[] = []> = T['length'] extends N
  ? T
  : Ports<N, [...T, number]>;

/** `count` free loopback ports, one after the other. */
export async function freePorts<N extends number>(count: N): Promise<Ports<N>> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  return ports as Ports<N>;
}
