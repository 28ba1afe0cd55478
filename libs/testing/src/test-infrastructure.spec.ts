import { Client as S3Client } from 'minio';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import {
  createTestBucket,
  createTestDatabase,
  createTestRedisNamespace,
} from './test-infrastructure';

describe('test infrastructure', () => {
  it('creates a fresh database and drops it', async () => {
    const sut = await createTestDatabase('harness');
    const client = new Client({ connectionString: sut.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
    await client.end();
    expect(rows[0]?.name).toBe(sut.name);

    await sut.drop();
    const reconnect = new Client({ connectionString: sut.url });
    await expect(reconnect.connect()).rejects.toThrow(/does not exist/);
  });

  it('deletes only the keys of its own namespace', async () => {
    const sut = createTestRedisNamespace('harness');
    const redis = new Redis(sut.url);
    await redis.set(`${sut.keyPrefix}a`, '1');
    await redis.set(`${sut.keyPrefix}b`, '2');
    await redis.set('wave-test-elsewhere:keep', '3');
    await sut.cleanup();
    expect(await redis.exists(`${sut.keyPrefix}a`, `${sut.keyPrefix}b`)).toBe(0);
    expect(await redis.get('wave-test-elsewhere:keep')).toBe('3');
    await redis.del('wave-test-elsewhere:keep');
    redis.disconnect();
  });

  it('gives each call a valid bucket name of its own', () => {
    const names = [
      createTestBucket('harness').bucket,
      createTestBucket('harness').bucket,
      createTestBucket('A Very_Long label, with UPPER case and punctuation!!! '.repeat(3)).bucket,
      createTestBucket('---').bucket,
    ];
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/);
      expect(name).not.toContain('--');
    }
  });

  it('deletes the objects of its own bucket and the bucket', async () => {
    const sut = createTestBucket('harness');
    const endpoint = new URL(sut.endpoint);
    const s3 = new S3Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      accessKey: sut.accessKey,
      secretKey: sut.secretKey,
      region: 'us-east-1',
      pathStyle: true,
    });
    await s3.makeBucket(sut.bucket, 'us-east-1');
    await s3.putObject(sut.bucket, 'a.txt', Buffer.from('a'));
    await s3.putObject(sut.bucket, 'nested/b.txt', Buffer.from('b'));
    const stream = await s3.getObject(sut.bucket, 'nested/b.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('b');

    await sut.cleanup();

    expect(await s3.bucketExists(sut.bucket)).toBe(false);
    await expect(sut.cleanup()).resolves.toBeUndefined();
  });
});
