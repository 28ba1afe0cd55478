import { randomBytes } from 'node:crypto';
import { Client as S3Client } from 'minio';
import { Client } from 'pg';
import { deleteKeysWithPrefix } from '@wave/redis';
import {
  TEST_DATABASE_URL_VAR,
  TEST_REDIS_URL_VAR,
  TEST_S3_ACCESS_KEY_VAR,
  TEST_S3_SECRET_KEY_VAR,
  TEST_S3_URL_VAR,
} from './test-env.constant';

// Where the tests' PostgreSQL, Redis and S3 are: the Jest global setup fills these in,
// containers when a container runtime exists, the local servers and s3rver otherwise.

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

/**
 * A fresh, empty database for one test file, dropped afterwards; with `template`, a copy of that
 * (test) database instead, which must have no open connection while it is copied.
 */
export async function createTestDatabase(
  label: string,
  options: { template?: TestDatabase; serverUrl?: string } = {},
): Promise<TestDatabase> {
  const name = `wave_test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${uniqueSuffix()}`;
  const serverUrl = options.serverUrl ?? testDatabaseServerUrl();
  const template = options.template ? ` TEMPLATE "${options.template.name}"` : '';
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template}`),
  );
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

/** A key prefix of its own for one test file (on `url`, the tests' Redis by default), its keys deleted afterwards. */
export function createTestRedisNamespace(label: string, url = testRedisUrl()): TestRedisNamespace {
  const keyPrefix = `wave-test-${label.replace(/[^a-z0-9]/gi, '-').toLowerCase()}-${uniqueSuffix()}:`;
  return {
    url,
    keyPrefix,
    cleanup: async () => {
      await deleteKeysWithPrefix(url, keyPrefix);
    },
  };
}

export interface TestS3Server {
  endpoint: string;
  accessKey: string;
  secretKey: string;
}

/** The S3 API the global setup started (s3rver's credentials unless it said otherwise). */
export const testS3Server = (): TestS3Server => ({
  endpoint: process.env[TEST_S3_URL_VAR] ?? LOCAL_S3_URL,
  accessKey: process.env[TEST_S3_ACCESS_KEY_VAR] ?? S3RVER_KEY,
  secretKey: process.env[TEST_S3_SECRET_KEY_VAR] ?? S3RVER_KEY,
});

const LOCAL_S3_URL = 'http://127.0.0.1:9000';
const S3RVER_KEY = 'S3RVER';
const BUCKET_LABEL_MAX = 30;

export interface TestBucket extends TestS3Server {
  bucket: string;
  cleanup(): Promise<void>;
}

/**
 * A bucket name of its own for one test file (not yet created: the code under test creates
 * it), with every object in it and the bucket deleted afterwards.
 */
export function createTestBucket(label: string, server = testS3Server()): TestBucket {
  const cleanLabel =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, BUCKET_LABEL_MAX)
      .replace(/^-+|-+$/g, '') || 'bucket';
  const bucket = `wave-test-${cleanLabel}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  return {
    ...server,
    bucket,
    cleanup: () => deleteBucket(server, bucket),
  };
}

const isNoSuchBucket = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'NoSuchBucket';

async function deleteBucket(server: TestS3Server, bucket: string): Promise<void> {
  const endpoint = new URL(server.endpoint);
  const client = new S3Client({
    endPoint: endpoint.hostname,
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    useSSL: endpoint.protocol === 'https:',
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
  try {
    if (!(await client.bucketExists(bucket))) return;
    const keys = await new Promise<string[]>((resolve, reject) => {
      const names: string[] = [];
      client
        .listObjectsV2(bucket, '', true)
        .on('data', (item) => {
          if (item.name !== undefined) names.push(item.name);
        })
        .on('error', reject)
        .on('end', () => resolve(names));
    });
    // One at a time: s3rver fails a multi-delete that empties a directory two keys share.
    for (const key of keys) await client.removeObject(bucket, key);
    await client.removeBucket(bucket);
  } catch (error) {
    if (!isNoSuchBucket(error)) throw error;
  }
}
