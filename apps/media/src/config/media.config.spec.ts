import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_S3_CREDENTIALS, loadMediaConfig } from './media.config';

const production = () => ({
  NODE_ENV: 'production',
  INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: `postgres://wave:${randomBytes(16).toString('hex')}@db.internal:5432/wave`,
  S3_ACCESS_KEY: 'wave-media',
  S3_SECRET_KEY: randomBytes(20).toString('hex'),
});

describe(loadMediaConfig.name, () => {
  it.each(['development', 'test'])("uses s3rver's keys when none are given in %s", (mode) => {
    expect(loadMediaConfig({ NODE_ENV: mode })).toMatchObject({
      S3_ACCESS_KEY: DEVELOPMENT_S3_CREDENTIALS.accessKey,
      S3_SECRET_KEY: DEVELOPMENT_S3_CREDENTIALS.secretKey,
    });
  });

  it('refuses to start without S3 keys outside development and test (NODE_ENV unset too)', () => {
    const { S3_ACCESS_KEY: _access, S3_SECRET_KEY: _secret, ...others } = production();
    const { NODE_ENV: _mode, ...unsetMode } = others;
    for (const env of [others, unsetMode]) {
      expect(() => loadMediaConfig(env)).toThrow(/S3_ACCESS_KEY: must be set/);
      expect(() => loadMediaConfig(env)).toThrow(/S3_SECRET_KEY: must be set/);
    }
  });

  it("refuses s3rver's keys outside development and test", () => {
    expect(() =>
      loadMediaConfig({
        ...production(),
        S3_ACCESS_KEY: DEVELOPMENT_S3_CREDENTIALS.accessKey,
        S3_SECRET_KEY: DEVELOPMENT_S3_CREDENTIALS.secretKey,
      }),
    ).toThrow(/S3_SECRET_KEY: is the built-in development value/);
  });

  it.each(['development', 'test', 'production'])(
    "refuses MinIO's default minioadmin and the example's replace-me in %s",
    (mode) => {
      for (const key of ['minioadmin', 'replace-me']) {
        expect(() =>
          loadMediaConfig({ ...production(), NODE_ENV: mode, S3_ACCESS_KEY: key }),
        ).toThrow(/S3_ACCESS_KEY: is a placeholder/);
        expect(() =>
          loadMediaConfig({ ...production(), NODE_ENV: mode, S3_SECRET_KEY: key }),
        ).toThrow(/S3_SECRET_KEY: is a placeholder/);
      }
    },
  );

  it('accepts keys of your own in production', () => {
    const env = production();
    expect(loadMediaConfig(env)).toMatchObject({
      S3_ACCESS_KEY: env.S3_ACCESS_KEY,
      S3_SECRET_KEY: env.S3_SECRET_KEY,
    });
  });
});
