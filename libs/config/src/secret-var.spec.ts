import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig, serviceEnvSchema } from './load-config';
import { allowsBuiltInSecrets, secretVar } from './secret-var';

describe(secretVar.name, () => {
  const schema = serviceEnvSchema({
    ACCESS_KEY: secretVar({
      kind: 'identifier',
      advice: 'the access key of your store',
      developmentDefault: 'LOCAL',
    }),
    API_KEY: secretVar({ kind: 'key', minLength: 16, advice: 'e.g. `openssl rand -hex 32`' }),
  });
  const real = () => ({
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    ACCESS_KEY: 'wave-media',
    API_KEY: randomBytes(16).toString('hex'),
  });
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(schema, env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('accepts values of your own in production', () => {
    const values = real();
    expect(loadConfig(schema, { NODE_ENV: 'production', ...values })).toMatchObject(values);
  });

  it('has no built-in value without a development default, in any mode', () => {
    const { API_KEY: _omitted, ...others } = real();
    for (const mode of ['development', 'test', 'production']) {
      expect(problemsOf({ ...others, NODE_ENV: mode })).toEqual([
        'API_KEY: must be set (e.g. `openssl rand -hex 32`)',
      ]);
    }
  });

  it('gives an identifier its built-in value in development and refuses it elsewhere', () => {
    const { ACCESS_KEY: _omitted, ...others } = real();
    expect(loadConfig(schema, { ...others, NODE_ENV: 'development' }).ACCESS_KEY).toBe('LOCAL');
    expect(problemsOf(others)).toEqual([
      'ACCESS_KEY: must be set (the access key of your store); the built-in value is only for NODE_ENV=development or test',
    ]);
    expect(problemsOf({ ...others, ACCESS_KEY: 'LOCAL' })).toEqual([
      expect.stringMatching(/^ACCESS_KEY: is the built-in development value, which is public/),
    ]);
  });

  it.each(['minioadmin', 'replace-me', 'AKIAIOSFODNN7EXAMPLE'])(
    'refuses the placeholder identifier %p in every mode',
    (value) => {
      for (const mode of ['development', 'test', 'production']) {
        expect(problemsOf({ ...real(), NODE_ENV: mode, ACCESS_KEY: value })).toEqual([
          expect.stringMatching(/^ACCESS_KEY: is a placeholder, not a real value/),
        ]);
      }
    },
  );

  it('does not judge an identifier by its strength (a short name is fine)', () => {
    expect(loadConfig(schema, { ...real(), ACCESS_KEY: 'wave' }).ACCESS_KEY).toBe('wave');
  });
});

describe(allowsBuiltInSecrets.name, () => {
  it.each([
    ['development', true],
    ['test', true],
    ['production', false],
    [undefined, false],
    ['', false],
    ['Development', false],
  ])('NODE_ENV=%p: %p', (mode, expected) => {
    expect(allowsBuiltInSecrets(mode)).toBe(expected);
  });
});
