import { Client } from 'pg';
import { Redis } from 'ioredis';
import { createTestDatabase, createTestRedisNamespace } from './test-infrastructure';

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
});
