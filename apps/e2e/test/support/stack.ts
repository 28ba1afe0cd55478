import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServiceProcess, TestDatabase, TestRedisNamespace } from '@wave/testing';
import {
  createTestDatabase,
  createTestRedisNamespace,
  freePort,
  serviceProcess,
} from '@wave/testing';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');
export const INTERNAL_SECRET_FOR_TESTS = 'e2e-internal-secret-0123456789abcdef';

const bundleOf = (app: string): string => join(ROOT, 'dist/apps', app, 'main.js');

export interface Stack {
  gateway: ServiceProcess;
  identity: ServiceProcess;
  database: TestDatabase;
  redis: TestRedisNamespace;
  /** The settings every app got. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts identity and the gateway from their built bundles, as separate
 * processes, against a fresh database and Redis namespace.
 */
export async function startStack(
  label: string,
  overrides: Record<string, string> = {},
): Promise<Stack> {
  for (const app of ['gateway', 'identity']) {
    if (!existsSync(bundleOf(app))) {
      throw new Error(`${bundleOf(app)} is missing: build first (nx run-many -t build)`);
    }
  }
  const database = await createTestDatabase(`e2e_${label}`);
  const redis = createTestRedisNamespace(`e2e-${label}`);
  const [identityPort, gatewayPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    INTERNAL_AUTH_SECRET: INTERNAL_SECRET_FOR_TESTS,
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    ALLOWED_ORIGINS: 'http://localhost:8080',
    // Generous limits: the tests make many calls from one address. The
    // rate-limit tests set their own.
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
    REQUEST_RATE_LIMIT_PER_IP: '100000',
    ...overrides,
  };
  await run(process.execPath, [bundleOf('identity'), 'migrate'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const start = (name: string, port: number) =>
    serviceProcess({ name, bundle: bundleOf(name), cwd: ROOT, port, env });
  const identity = start('identity', identityPort);
  const gateway = start('gateway', gatewayPort);
  await identity.start();
  await gateway.start();
  return {
    gateway,
    identity,
    database,
    redis,
    env,
    async stop() {
      await Promise.all([gateway.stop(), identity.stop()]);
      await database.drop();
      await redis.cleanup();
    },
  };
}
