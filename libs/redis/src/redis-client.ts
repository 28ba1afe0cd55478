import type { RedisOptions } from 'ioredis';
import { Redis } from 'ioredis';
import { queueTelemetry } from '@wave/tracing';

export interface RedisClientOptions {
  url: string;
  /** Every key this client touches starts with it (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** Shown in CLIENT LIST and in logs. */
  name: string;
  /**
   * Fail commands at once while disconnected instead of queueing them until a
   * reconnect (for request paths that must answer fast, like the gateway's).
   */
  failFast?: boolean;
}

/** A Redis client for ordinary keys (sessions, caches, rate limits). */
export function createRedisClient(options: RedisClientOptions): Redis {
  return new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    connectionName: options.name,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    enableOfflineQueue: !options.failFast,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

/**
 * Resolves true once the client is connected, false after the timeout (a
 * fail-fast client should not take requests before its first connection).
 */
export function waitForRedis(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', ready);
      resolve(false);
    }, timeoutMs);
    const ready = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', ready);
  });
}

/** ioredis connection options from a redis:// or rediss:// URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

/**
 * Connection settings for BullMQ, which keeps its own prefix and forbids
 * ioredis' keyPrefix. Workers need `maxRetriesPerRequest: null`.
 */
export function bullConnection(url: string): RedisOptions {
  return { ...redisOptionsFromUrl(url), maxRetriesPerRequest: null };
}

/** BullMQ's own prefix, derived from the deployment's key prefix. */
export const bullPrefix = (keyPrefix: string): string => `${keyPrefix}bull`;

/**
 * What every queue and worker of a service is made with: its connection, its prefix and, when
 * tracing is on, BullMQ's spans (a job continues the trace that added it). Made after tracing
 * has started (services make theirs with the app).
 */
export const queueOptions = (url: string, keyPrefix: string) => ({
  connection: bullConnection(url),
  prefix: bullPrefix(keyPrefix),
  ...queueTelemetry(),
});

/**
 * How a worker holds jobs that must not be lost when its process dies mid-job (SIGKILL, out of
 * memory, a lost node): events, fan-out, analytics batches. With BullMQ's defaults (a 30 s lock,
 * a stalled check every 30 s, one stall allowed) a dead worker's job waited up to 90 s before
 * another took it, and a job that stalled twice was failed for good, whatever its attempts: a
 * fan-out killed twice lost the rest of its followers (found by `npm run chaos`). The lock is
 * renewed every half `lockDuration` while the job runs; a stall is found within about 25 s.
 */
export const STALL_RECOVERY = {
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 5,
} as const;

/** Deletes every key under a prefix (tests and resets), in batches. */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  if (prefix.length === 0) throw new Error('Refusing to delete every key: empty prefix');
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}
