import { TEST_DATABASE_URL_VAR, TEST_REDIS_URL_VAR } from './test-env.constant';

interface StartedContainer {
  stop(): Promise<unknown>;
}
const containers: StartedContainer[] = [];
(globalThis as { __waveTestContainers?: StartedContainer[] }).__waveTestContainers = containers;

/**
 * Jest global setup: PostgreSQL and Redis from testcontainers when a container
 * runtime answers, otherwise the local servers (WAVE_TEST_INFRA=local skips the
 * attempt). It says which it used.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[TEST_DATABASE_URL_VAR] && process.env[TEST_REDIS_URL_VAR]) return;
  const reason = await startContainers();
  if (reason === null) return;
  const databaseUrl =
    process.env['DATABASE_SERVER_URL'] ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  process.env[TEST_DATABASE_URL_VAR] = databaseUrl;
  process.env[TEST_REDIS_URL_VAR] = redisUrl;
  announce(
    `local servers: PostgreSQL ${hostOf(databaseUrl)}, Redis ${hostOf(redisUrl)} (${reason})`,
  );
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
    containers.push(postgres, redis);
    process.env[TEST_DATABASE_URL_VAR] = postgres.getConnectionUri();
    process.env[TEST_REDIS_URL_VAR] = redis.getConnectionUrl();
    announce(
      `testcontainers: PostgreSQL ${hostOf(postgres.getConnectionUri())}, Redis ${hostOf(redis.getConnectionUrl())}`,
    );
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `no container runtime: ${message}`;
  }
}

const hostOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port}`;
};

function announce(text: string): void {
  process.stdout.write(`\n[test-harness] using ${text}\n`);
}
