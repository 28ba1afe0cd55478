import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { EVENT_CONSUMERS } from '@wave/contracts';
import {
  booleanVar,
  ConfigError,
  databaseEnvShape,
  DEFAULT_DATABASE_URL,
  DEVELOPMENT_INTERNAL_SECRET,
  listVar,
  loadConfig,
  portVar,
  serviceEnvSchema,
  urlListVar,
} from './load-config';
import { KNOWN_PLACEHOLDER_SECRETS } from './placeholder-secrets.constant';

const problemsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe(loadConfig.name, () => {
  const schema = serviceEnvSchema({
    ...databaseEnvShape,
    PORT: portVar(3001),
    SECURE: booleanVar(false),
    ORIGINS: listVar(['http://localhost:8080']),
  });
  /** Secrets of one's own, as a deployment sets them. */
  const realSecrets = () => ({
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: `postgres://wave:${randomBytes(16).toString('hex')}@db.internal:5432/wave`,
  });

  it('keeps the built-in secrets to a service that listens on loopback, even in development', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]']) {
      expect(loadConfig(schema, { NODE_ENV: 'development', HOST }).HOST).toBe(HOST);
    }
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(problemsOf(() => loadConfig(schema, { NODE_ENV: 'test', HOST }))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^INTERNAL_AUTH_SECRET: .*listens on loopback .*listens on ${HOST.replace(/\./g, '\\.')}$`,
          ),
        ),
        expect.stringMatching(/^DATABASE_URL: .*listens on loopback/),
      ]);
      expect(loadConfig(schema, { NODE_ENV: 'development', HOST, ...realSecrets() }).HOST).toBe(
        HOST,
      );
    }
  });

  it('gives a working default for every variable in development', () => {
    const sut = loadConfig(schema, { NODE_ENV: 'development' });
    expect(sut.PORT).toBe(3001);
    expect(sut.SECURE).toBe(false);
    expect(sut.ORIGINS).toEqual(['http://localhost:8080']);
    expect(sut.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(sut.REDIS_KEY_PREFIX).toBe('wave:');
    expect(sut.INTERNAL_AUTH_SECRET).toBe(DEVELOPMENT_INTERNAL_SECRET);
    expect(sut.DATABASE_URL).toBe(DEFAULT_DATABASE_URL);
  });

  it('parses numbers, booleans and lists from strings', () => {
    const sut = loadConfig(schema, {
      NODE_ENV: 'test',
      PORT: '4000',
      SECURE: 'true',
      ORIGINS: ' https://a.example , https://b.example,',
    });
    expect(sut.PORT).toBe(4000);
    expect(sut.SECURE).toBe(true);
    expect(sut.ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every bad variable', () => {
    const problems = problemsOf(() =>
      loadConfig(schema, { NODE_ENV: 'test', PORT: 'eighty', REDIS_URL: 'http://x' }),
    ).join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('REDIS_URL');
  });

  it('serves metrics nowhere by default, and only on a port apart from the API', () => {
    expect(loadConfig(schema, { NODE_ENV: 'test' }).METRICS_PORT).toBeUndefined();
    expect(loadConfig(schema, { NODE_ENV: 'test', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig(schema, { NODE_ENV: 'test', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(
      problemsOf(() =>
        loadConfig(schema, { NODE_ENV: 'test', PORT: '4000', METRICS_PORT: '4000' }),
      ),
    ).toEqual(['METRICS_PORT: must differ from PORT (the metrics have a port of their own)']);
    expect(
      problemsOf(() => loadConfig(schema, { NODE_ENV: 'test', METRICS_PORT: '70000' })).join(),
    ).toContain('METRICS_PORT');
  });

  it('sends events to every consumer by default, or to the deployed ones named', () => {
    expect(loadConfig(schema, { NODE_ENV: 'test' }).EVENT_SUBSCRIBERS).toEqual(EVENT_CONSUMERS);
    expect(
      loadConfig(schema, { NODE_ENV: 'test', EVENT_SUBSCRIBERS: 'timeline, search' })
        .EVENT_SUBSCRIBERS,
    ).toEqual(['timeline', 'search']);
    expect(
      problemsOf(() =>
        loadConfig(schema, { NODE_ENV: 'test', EVENT_SUBSCRIBERS: 'timeline,mail' }),
      ),
    ).toEqual([expect.stringMatching(/^EVENT_SUBSCRIBERS\.1: each one of identity, timeline/)]);
  });

  it('shuts down at once by default, within 25 s, and takes other times in bounds', () => {
    const sut = loadConfig(schema, { NODE_ENV: 'test' });
    expect([sut.SHUTDOWN_DELAY_MS, sut.SHUTDOWN_TIMEOUT_MS]).toEqual([0, 25_000]);
    const set = loadConfig(schema, {
      NODE_ENV: 'test',
      SHUTDOWN_DELAY_MS: '10000',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    expect([set.SHUTDOWN_DELAY_MS, set.SHUTDOWN_TIMEOUT_MS]).toEqual([10_000, 30_000]);
    expect(
      problemsOf(() => loadConfig(schema, { NODE_ENV: 'test', SHUTDOWN_TIMEOUT_MS: '10' })).join(),
    ).toContain('SHUTDOWN_TIMEOUT_MS');
  });

  it('traces nothing by default, and sends traces over HTTP(S) to an OTLP endpoint when given one', () => {
    const off = loadConfig(schema, { NODE_ENV: 'test' });
    expect([off.OTEL_EXPORTER_OTLP_ENDPOINT, off.OTEL_TRACES_SAMPLER_ARG]).toEqual([
      undefined,
      undefined,
    ]);
    const on = loadConfig(schema, {
      NODE_ENV: 'test',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    });
    expect([on.OTEL_EXPORTER_OTLP_ENDPOINT, on.OTEL_TRACES_SAMPLER_ARG]).toEqual([
      'http://collector:4318',
      0.25,
    ]);
    for (const [name, value] of [
      ['OTEL_EXPORTER_OTLP_ENDPOINT', 'grpc://collector:4317'],
      ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
      ['OTEL_TRACES_SAMPLER_ARG', '2'],
    ] as const) {
      expect(
        problemsOf(() => loadConfig(schema, { NODE_ENV: 'test', [name]: value })).join(),
      ).toContain(name);
    }
  });

  describe('secrets', () => {
    const missingSecret =
      'INTERNAL_AUTH_SECRET: must be set (32+ random characters, e.g. `openssl rand -hex 32`); ' +
      'the built-in value is only for NODE_ENV=development or test';

    it('takes an unset NODE_ENV as production, and refuses to start without the secrets', () => {
      expect(loadConfig(schema, realSecrets()).NODE_ENV).toBe('production');
      const problems = problemsOf(() => loadConfig(schema, {}));
      expect(problems).toContain(missingSecret);
      expect(problems).toContainEqual(expect.stringMatching(/^DATABASE_URL: must be set \(/));
    });

    it('refuses to start without the secrets in production, a secret set to nothing included', () => {
      expect(problemsOf(() => loadConfig(schema, { NODE_ENV: 'production' }))).toContain(
        missingSecret,
      );
      expect(
        problemsOf(() =>
          loadConfig(schema, {
            ...realSecrets(),
            NODE_ENV: 'production',
            INTERNAL_AUTH_SECRET: '',
          }),
        ),
      ).toEqual([missingSecret]);
    });

    it.each(['development', 'test'])('gives the built-in secrets in %s', (mode) => {
      expect(loadConfig(schema, { NODE_ENV: mode })).toMatchObject({
        INTERNAL_AUTH_SECRET: DEVELOPMENT_INTERNAL_SECRET,
        DATABASE_URL: DEFAULT_DATABASE_URL,
      });
      expect(loadConfig(schema, { NODE_ENV: mode, INTERNAL_AUTH_SECRET: '' })).toMatchObject({
        INTERNAL_AUTH_SECRET: DEVELOPMENT_INTERNAL_SECRET,
      });
    });

    it('refuses the built-in values given explicitly outside development and test', () => {
      const problems = problemsOf(() =>
        loadConfig(schema, {
          NODE_ENV: 'production',
          INTERNAL_AUTH_SECRET: DEVELOPMENT_INTERNAL_SECRET,
          DATABASE_URL: DEFAULT_DATABASE_URL,
        }),
      );
      expect(problems).toEqual([
        expect.stringMatching(
          /^INTERNAL_AUTH_SECRET: is the built-in development value, which is public: set your own/,
        ),
        expect.stringMatching(/^DATABASE_URL: is the built-in development value/),
      ]);
    });

    it('accepts secrets of your own in production', () => {
      const secrets = realSecrets();
      expect(loadConfig(schema, { NODE_ENV: 'production', ...secrets })).toMatchObject(secrets);
      // A connection URL without a password (the driver reads PGPASSWORD) is fine too.
      expect(
        loadConfig(schema, { ...secrets, DATABASE_URL: 'postgres://wave@db.internal:5432/wave' })
          .DATABASE_URL,
      ).toBe('postgres://wave@db.internal:5432/wave');
    });

    const placeholders = [
      ...KNOWN_PLACEHOLDER_SECRETS,
      'please-change-me-0123456789abcdefghijkl',
      'CHANGEME-0123456789abcdefghijklmnopqrst',
      'my-PLACEHOLDER-secret-0123456789abcdefg',
      'an-example-secret-0123456789abcdefghijk',
    ];
    describe.each(['development', 'test', 'production'])('in %s', (mode) => {
      it.each(placeholders)('refuses the placeholder INTERNAL_AUTH_SECRET %p', (value) => {
        expect(
          problemsOf(() =>
            loadConfig(schema, { ...realSecrets(), NODE_ENV: mode, INTERNAL_AUTH_SECRET: value }),
          ),
        ).toEqual([expect.stringMatching(/^INTERNAL_AUTH_SECRET: is a placeholder, not a secret/)]);
      });

      it.each(['x'.repeat(40), 'abcdefghi'.repeat(5), '012345678'.repeat(4)])(
        'refuses the weak INTERNAL_AUTH_SECRET %p',
        (value) => {
          const problems = problemsOf(() =>
            loadConfig(schema, { ...realSecrets(), NODE_ENV: mode, INTERNAL_AUTH_SECRET: value }),
          );
          expect(problems).toEqual([
            expect.stringMatching(/^INTERNAL_AUTH_SECRET: is too weak \(fewer than 10 different/),
          ]);
        },
      );

      it('refuses a short INTERNAL_AUTH_SECRET', () => {
        expect(
          problemsOf(() =>
            loadConfig(schema, {
              ...realSecrets(),
              NODE_ENV: mode,
              INTERNAL_AUTH_SECRET: randomBytes(8).toString('hex'),
            }),
          ),
        ).toEqual([expect.stringMatching(/^INTERNAL_AUTH_SECRET: must be at least 32 characters/)]);
      });

      it.each([
        'postgres://wave:replace-me@postgres.example.internal:5432/wave',
        'postgres://wave:PASSWORD@postgres.example.internal:5432/wave',
        'postgres://wave:change%2Dme@db.internal:5432/wave',
      ])('refuses the DATABASE_URL %p, whose password is a placeholder', (value) => {
        expect(
          problemsOf(() =>
            loadConfig(schema, { ...realSecrets(), NODE_ENV: mode, DATABASE_URL: value }),
          ),
        ).toEqual([expect.stringMatching(/^DATABASE_URL: has a placeholder password/)]);
      });
    });

    it('refuses a DATABASE_URL that is not PostgreSQL', () => {
      expect(
        problemsOf(() =>
          loadConfig(schema, { ...realSecrets(), DATABASE_URL: 'mysql://wave:x@db/wave' }),
        ),
      ).toEqual(['DATABASE_URL: must use postgres: or postgresql:']);
    });
  });

  it('leaves a schema without secrets alone', () => {
    expect(loadConfig(z.object({ A: z.string().default('a') }), {})).toEqual({ A: 'a' });
  });
});

describe(urlListVar.name, () => {
  const schema = z.object({ UPSTREAM: urlListVar('http://127.0.0.1:3002', ['http:', 'https:']) });
  const problems = (UPSTREAM: string) => problemsOf(() => loadConfig(schema, { UPSTREAM }));

  it('reads one URL, or several separated by commas, in their order', () => {
    expect(loadConfig(schema, {}).UPSTREAM).toEqual(['http://127.0.0.1:3002']);
    expect(
      loadConfig(schema, { UPSTREAM: ' http://10.0.0.1:3002 ,https://timeline-b:3002,' }).UPSTREAM,
    ).toEqual(['http://10.0.0.1:3002', 'https://timeline-b:3002']);
  });

  it('refuses a list with no URL, a URL that does not parse or uses another protocol, and an origin named twice', () => {
    expect(problems(' , ')).toEqual(['UPSTREAM: must name at least one URL']);
    expect(problems('http://a:1,not a url')).toEqual([expect.stringMatching(/^UPSTREAM\.1: /)]);
    expect(problems('http://a:1,ftp://b:2')).toEqual(['UPSTREAM.1: must use http: or https:']);
    expect(problems('http://a:1,http://a:1/')).toEqual(['UPSTREAM: names one origin twice']);
  });
});
