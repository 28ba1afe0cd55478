import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TEST_DATABASE_URL_VAR,
  TEST_REDIS_URL_VAR,
  TEST_S3_ACCESS_KEY_VAR,
  TEST_S3_SECRET_KEY_VAR,
  TEST_S3_URL_VAR,
} from './test-env.constant';

/** What the global teardown stops: containers, and the in-process s3rver. */
interface StartedResource {
  stop(): Promise<unknown>;
}
const harness = globalThis as { __waveTestContainers?: StartedResource[] };
const resources = (harness.__waveTestContainers ??= []);

const MINIO_IMAGE = 'minio/minio:RELEASE.2025-04-22T22-12-26Z';
/**
 * The container's root user, made up for each run: the apps refuse MinIO's own default
 * (minioadmin) in every mode, as a placeholder.
 */
const MINIO_CREDENTIALS = {
  accessKey: `wave-test-${randomBytes(4).toString('hex')}`,
  secretKey: randomBytes(20).toString('hex'),
};
/** s3rver knows one account and checks only its access key (V4 signatures go unchecked). */
const S3RVER_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

/**
 * Jest global setup: PostgreSQL, Redis and an S3 API (MinIO) from testcontainers when a
 * container runtime answers, otherwise the local PostgreSQL and Redis servers and an s3rver
 * in this process (WAVE_TEST_INFRA=local skips the attempt). It says which it used. What is
 * already set (WAVE_TEST_DATABASE_URL with WAVE_TEST_REDIS_URL, WAVE_TEST_S3_URL) is kept.
 */
export default async function globalSetup(): Promise<void> {
  const noContainers = await provideDatabaseAndRedis();
  await provideObjectStorage(noContainers);
}

/** Null when containers started (so more may), otherwise why none were. */
async function provideDatabaseAndRedis(): Promise<string | null> {
  if (process.env[TEST_DATABASE_URL_VAR] && process.env[TEST_REDIS_URL_VAR]) {
    return 'containers not tried: PostgreSQL and Redis were given';
  }
  const reason = await startContainers();
  if (reason === null) return null;
  const databaseUrl =
    process.env['DATABASE_SERVER_URL'] ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  process.env[TEST_DATABASE_URL_VAR] = databaseUrl;
  process.env[TEST_REDIS_URL_VAR] = redisUrl;
  announce(
    `local servers: PostgreSQL ${hostOf(databaseUrl)}, Redis ${hostOf(redisUrl)} (${reason})`,
  );
  return reason;
}

/** Null when containers started, otherwise why not. */
async function startContainers(): Promise<string | null> {
  if (process.env['WAVE_TEST_INFRA'] === 'local') return 'WAVE_TEST_INFRA=local';
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const [postgres, redis] = await Promise.all([
      new PostgreSqlContainer('postgres:15-alpine')
        .withUsername('postgres')
        .withPassword('postgres')
        .withDatabase('postgres')
        .start(),
      new RedisContainer('redis:7-alpine').start(),
    ]);
    resources.push(postgres, redis);
    process.env[TEST_DATABASE_URL_VAR] = postgres.getConnectionUri();
    process.env[TEST_REDIS_URL_VAR] = redis.getConnectionUrl();
    announce(
      `testcontainers: PostgreSQL ${hostOf(postgres.getConnectionUri())}, Redis ${hostOf(redis.getConnectionUrl())}`,
    );
    return null;
  } catch (error) {
    return `no container runtime: ${firstLine(error)}`;
  }
}

/** MinIO in a container when containers work, otherwise s3rver in this process. */
async function provideObjectStorage(noContainers: string | null): Promise<void> {
  if (process.env[TEST_S3_URL_VAR]) return;
  const reason = noContainers ?? (await startMinio());
  if (reason !== null) await startS3rver(reason);
}

/** Null when MinIO started, otherwise why not. */
async function startMinio(): Promise<string | null> {
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const minio = await new GenericContainer(MINIO_IMAGE)
      .withCommand(['server', '/data'])
      .withEnvironment({
        MINIO_ROOT_USER: MINIO_CREDENTIALS.accessKey,
        MINIO_ROOT_PASSWORD: MINIO_CREDENTIALS.secretKey,
      })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start();
    const url = `http://${minio.getHost()}:${minio.getMappedPort(9000)}`;
    const forget = exportS3(url, MINIO_CREDENTIALS);
    resources.push({
      stop: async () => {
        forget();
        await minio.stop();
      },
    });
    announce(`testcontainers: MinIO ${hostOf(url)}`);
    return null;
  } catch (error) {
    return `MinIO did not start: ${firstLine(error)}`;
  }
}

/** The part of s3rver's API the harness uses (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** Set by `run()`. */
  httpServer?: HttpServer;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
}) => S3rverInstance;
/** A variable, so TypeScript does not look for the types s3rver does not have. */
const S3RVER_MODULE: string = 's3rver';

async function startS3rver(reason: string): Promise<void> {
  const { default: S3rver } = (await import(S3RVER_MODULE)) as { default: S3rverConstructor };
  const directory = mkdtempSync(join(tmpdir(), 'wave-test-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    resetOnClose: false,
  });
  let address: AddressInfo;
  try {
    address = await server.run();
    // Node's clients keep idle sockets for 5 s, the same as a server's default keep-alive: a
    // request sent on a socket the server is just closing dies with "socket hang up". The server
    // keeps idle sockets longer than any client, so it is never the one to close them first.
    if (server.httpServer) {
      server.httpServer.keepAliveTimeout = 65_000;
      server.httpServer.headersTimeout = 66_000;
    }
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${address.port}`;
  const forget = exportS3(url, S3RVER_CREDENTIALS);
  resources.push({
    stop: async () => {
      forget();
      try {
        await server.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  });
  announce(`s3rver at ${hostOf(url)} (${reason})`);
}

/** Sets the S3 variables (workers inherit them); the function returned unsets them. */
function exportS3(url: string, credentials: { accessKey: string; secretKey: string }) {
  process.env[TEST_S3_URL_VAR] = url;
  process.env[TEST_S3_ACCESS_KEY_VAR] = credentials.accessKey;
  process.env[TEST_S3_SECRET_KEY_VAR] = credentials.secretKey;
  return (): void => {
    delete process.env[TEST_S3_URL_VAR];
    delete process.env[TEST_S3_ACCESS_KEY_VAR];
    delete process.env[TEST_S3_SECRET_KEY_VAR];
  };
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

const hostOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port}`;
};

function announce(text: string): void {
  process.stdout.write(`\n[test-harness] using ${text}\n`);
}
