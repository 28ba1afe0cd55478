import { loadSearchConfig } from './search.config';

const productionSecret = 'a-production-secret-of-at-least-32-characters';

describe(loadSearchConfig.name, () => {
  it('runs the PostgreSQL engine (no MEILI_URL) with no variables at all', () => {
    const sut = loadSearchConfig({});
    expect(sut.PORT).toBe(3005);
    expect(sut.MEILI_URL).toBeUndefined();
    expect(sut.MEILI_MASTER_KEY).toBeUndefined();
  });

  it('takes an empty MEILI_URL as unset', () => {
    expect(loadSearchConfig({ MEILI_URL: '', MEILI_MASTER_KEY: '' })).toMatchObject({
      MEILI_URL: undefined,
      MEILI_MASTER_KEY: undefined,
    });
  });

  it('reads the Meilisearch address and key', () => {
    const sut = loadSearchConfig({
      MEILI_URL: 'http://meilisearch:7700',
      MEILI_MASTER_KEY: 'master-key',
    });
    expect(sut).toMatchObject({
      MEILI_URL: 'http://meilisearch:7700',
      MEILI_MASTER_KEY: 'master-key',
    });
  });

  it('refuses a MEILI_URL that is not http(s)', () => {
    expect(() => loadSearchConfig({ MEILI_URL: 'redis://meilisearch:7700' })).toThrow(/MEILI_URL/);
    expect(() => loadSearchConfig({ MEILI_URL: 'meilisearch' })).toThrow(/MEILI_URL/);
  });

  it('refuses Meilisearch without a key in production', () => {
    const production = { NODE_ENV: 'production', INTERNAL_AUTH_SECRET: productionSecret };
    expect(() => loadSearchConfig({ ...production, MEILI_URL: 'http://meilisearch:7700' })).toThrow(
      /MEILI_MASTER_KEY/,
    );
    expect(loadSearchConfig(production).MEILI_URL).toBeUndefined();
  });
});
