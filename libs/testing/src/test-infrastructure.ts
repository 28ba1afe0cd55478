import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { deleteKeysWithPrefix } from '@wave/redis';
import { TEST_DATABASE_URL_VAR, TEST_REDIS_URL_VAR } from './test-env.constant';

// Where the tests' PostgreSQL and Redis are: the Jest global setup fills these in,
// containers when a container runtime exists, the local servers otherwise.

const LOCAL_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export const testDatabaseServerUrl = (): string =>
  process.env[TEST_DATABASE_URL_VAR] ?? LOCAL_DATABASE_URL;
export const testRedisUrl = (): string => process.env[TEST_REDIS_URL_VAR] ?? LOCAL_REDIS_URL;

const uniqueSuffix = (): string => `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file, dropped afterwards. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `wave_test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${uniqueSuffix()}`;
  const serverUrl = testDatabaseServerUrl();
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

async function withAdminClient<T>(serverUrl: string, work: (client: Client) => Promise<T>) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestRedisNamespace {
  url: string;
  keyPrefix: string;
  cleanup(): Promise<void>;
}

/** A key prefix of its own for one test file, its keys deleted afterwards. */
export function createTestRedisNamespace(label: string): TestRedisNamespace {
  const keyPrefix = `wave-test-${label.replace(/[^a-z0-9]/gi, '-').toLowerCase()}-${uniqueSuffix()}:`;
  const url = testRedisUrl();
  return {
    url,
    keyPrefix,
    cleanup: async () => {
      await deleteKeysWithPrefix(url, keyPrefix);
    },
  };
}
