import { bullConnection, bullPrefix } from './redis-client';

describe(bullConnection.name, () => {
  it('reads host, port, credentials and database from the url', () => {
    expect(bullConnection('redis://user:p%40ss@cache.internal:6380/2')).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: undefined,
      maxRetriesPerRequest: null,
    });
  });

  it('defaults the port and database and enables TLS for rediss', () => {
    expect(bullConnection('rediss://cache.internal')).toMatchObject({
      port: 6379,
      db: 0,
      tls: {},
    });
  });

  it('derives the queue prefix from the key prefix', () => {
    expect(bullPrefix('wave:')).toBe('wave:bull');
  });
});
