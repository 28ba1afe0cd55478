import { z } from 'zod';
import {
  booleanVar,
  commonEnvShape,
  ConfigError,
  DEVELOPMENT_INTERNAL_SECRET,
  listVar,
  loadConfig,
  portVar,
  productionSecretRule,
  refuseDevelopmentSecretInProduction,
} from './load-config';

describe(loadConfig.name, () => {
  const schema = z
    .object({
      ...commonEnvShape,
      PORT: portVar(3001),
      SECURE: booleanVar(false),
      ORIGINS: listVar(['http://localhost:8080']),
    })
    .refine(refuseDevelopmentSecretInProduction, productionSecretRule);

  it('gives a working default for every variable', () => {
    const sut = loadConfig(schema, {});
    expect(sut.PORT).toBe(3001);
    expect(sut.SECURE).toBe(false);
    expect(sut.ORIGINS).toEqual(['http://localhost:8080']);
    expect(sut.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(sut.REDIS_KEY_PREFIX).toBe('wave:');
  });

  it('parses numbers, booleans and lists from strings', () => {
    const sut = loadConfig(schema, {
      PORT: '4000',
      SECURE: 'true',
      ORIGINS: ' https://a.example , https://b.example,',
    });
    expect(sut.PORT).toBe(4000);
    expect(sut.SECURE).toBe(true);
    expect(sut.ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty', REDIS_URL: 'http://x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig(schema, { PORT: 'eighty', REDIS_URL: 'http://x' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('REDIS_URL');
    }
  });

  it('refuses the development secret in production', () => {
    expect(() => loadConfig(schema, { NODE_ENV: 'production' })).toThrow(/INTERNAL_AUTH_SECRET/);
    expect(
      loadConfig(schema, { NODE_ENV: 'production', INTERNAL_AUTH_SECRET: 'x'.repeat(40) }).NODE_ENV,
    ).toBe('production');
    expect(loadConfig(schema, {}).INTERNAL_AUTH_SECRET).toBe(DEVELOPMENT_INTERNAL_SECRET);
  });

  it('refuses a short secret', () => {
    expect(() => loadConfig(schema, { INTERNAL_AUTH_SECRET: 'short' })).toThrow(/32 characters/);
  });
});
