import { randomBytes } from 'node:crypto';
import { loadSearchConfig } from './search.config';

const production = () => ({
  NODE_ENV: 'production',
  INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: `postgres://wave:${randomBytes(16).toString('hex')}@db.internal:5432/wave`,
});
const masterKey = () => randomBytes(32).toString('hex');

describe(loadSearchConfig.name, () => {
  it('runs the PostgreSQL engine (no MEILI_URL) on one machine in development', () => {
    const sut = loadSearchConfig({ NODE_ENV: 'development' });
    expect(sut.PORT).toBe(3005);
    expect(sut.MEILI_URL).toBeUndefined();
    expect(sut.MEILI_MASTER_KEY).toBeUndefined();
  });

  it('takes an empty MEILI_URL as unset', () => {
    expect(
      loadSearchConfig({ NODE_ENV: 'test', MEILI_URL: '', MEILI_MASTER_KEY: '' }),
    ).toMatchObject({
      MEILI_URL: undefined,
      MEILI_MASTER_KEY: undefined,
    });
  });

  it('reads the Meilisearch address and key', () => {
    const key = masterKey();
    const sut = loadSearchConfig({
      ...production(),
      MEILI_URL: 'http://meilisearch:7700',
      MEILI_MASTER_KEY: key,
    });
    expect(sut).toMatchObject({ MEILI_URL: 'http://meilisearch:7700', MEILI_MASTER_KEY: key });
  });

  it('refuses a MEILI_URL that is not http(s)', () => {
    const env = { NODE_ENV: 'test' };
    expect(() => loadSearchConfig({ ...env, MEILI_URL: 'redis://meilisearch:7700' })).toThrow(
      /MEILI_URL/,
    );
    expect(() => loadSearchConfig({ ...env, MEILI_URL: 'meilisearch' })).toThrow(/MEILI_URL/);
  });

  it('refuses Meilisearch without a key outside development and test (NODE_ENV unset too)', () => {
    const { NODE_ENV: _production, ...unsetMode } = production();
    for (const env of [production(), unsetMode]) {
      expect(() => loadSearchConfig({ ...env, MEILI_URL: 'http://meilisearch:7700' })).toThrow(
        'MEILI_MASTER_KEY: must be set when MEILI_URL is (16+ random bytes, e.g. `openssl rand -hex 32`) outside NODE_ENV=development or test',
      );
      expect(loadSearchConfig(env).MEILI_URL).toBeUndefined();
    }
    // A local Meilisearch may run without a key.
    expect(
      loadSearchConfig({ NODE_ENV: 'development', MEILI_URL: 'http://127.0.0.1:7700' })
        .MEILI_MASTER_KEY,
    ).toBeUndefined();
  });

  it.each([
    'replace-with-at-least-16-random-bytes',
    'wave-development-master-key',
    'aaaaaaaaaaaaaaaaaaaaaaaa',
    'short-0123',
  ])('refuses the MEILI_MASTER_KEY %p in every mode', (key) => {
    for (const mode of ['development', 'test', 'production']) {
      expect(() =>
        loadSearchConfig({
          ...production(),
          NODE_ENV: mode,
          MEILI_URL: 'http://meilisearch:7700',
          MEILI_MASTER_KEY: key,
        }),
      ).toThrow(/MEILI_MASTER_KEY: (is a placeholder|is too weak|must be at least 16)/);
    }
  });
});
