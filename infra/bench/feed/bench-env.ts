import { join } from 'node:path';
import { builtServiceEnv } from '../built-service';

/** Where the feed benchmark keeps its data: a database and a Redis prefix of its own. */
export const ROOT = join(__dirname, '../../..');
export const BENCH_DATABASE = process.env['BENCH_DATABASE'] ?? 'wave_bench';
export const SERVER_URL =
  process.env['BENCH_DATABASE_SERVER'] ?? 'postgres://postgres:postgres@127.0.0.1:5432';
export const DATABASE_URL = `${SERVER_URL}/${BENCH_DATABASE}`;
export const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
export const REDIS_KEY_PREFIX = 'wave-bench:';
export const INTERNAL_AUTH_SECRET = 'bench-internal-secret-0123456789abcdef';

export const USERS = Number(process.env['BENCH_USERS'] ?? 10_000);
export const TWEETS = Number(process.env['BENCH_TWEETS'] ?? 1_000_000);
export const AVERAGE_FOLLOWS = Number(process.env['BENCH_AVERAGE_FOLLOWS'] ?? 40);
/** Readers that get a session (the feed is read as them). */
export const READERS = Number(process.env['BENCH_READERS'] ?? 1_000);

/** The author every user follows (the 10,000-follower fan-out) and one with a handful of followers. */
export const BROADCASTER = 'broadcaster';
export const QUIET_AUTHOR = 'quiet';
export const QUIET_FOLLOWERS = 10;

export const appEnv = (overrides: Record<string, string> = {}): Record<string, string> =>
  builtServiceEnv(
    {
      databaseUrl: DATABASE_URL,
      redisUrl: REDIS_URL,
      redisKeyPrefix: REDIS_KEY_PREFIX,
      internalAuthSecret: INTERNAL_AUTH_SECRET,
    },
    {
      DATABASE_POOL_SIZE: '20',
      REQUEST_RATE_LIMIT_PER_IP: '1000000000',
      // Node options of the services alone (not of the load generator), to compare settings.
      ...(process.env['BENCH_SERVICE_NODE_OPTIONS']
        ? { NODE_OPTIONS: process.env['BENCH_SERVICE_NODE_OPTIONS'] }
        : {}),
      ...overrides,
    },
  );

/**
 * The gateway trusts X-Forwarded-For from loopback in the benchmarks, where each reader comes
 * from an address of its own (`readerAddress`): per-address work (the request budget) is then
 * measured as for many clients, not one.
 */
export const GATEWAY_BENCH_ENV = { TRUST_PROXY: 'loopback' };
export const readerAddress = (index: number): string =>
  `10.77.${Math.floor(index / 256) % 256}.${index % 256}`;
