import { loadAnalyticsConfig } from './analytics.config';

describe(loadAnalyticsConfig.name, () => {
  it('works on one machine in development, on port 3007', () => {
    const sut = loadAnalyticsConfig({ NODE_ENV: 'development' });
    expect(sut).toMatchObject({
      PORT: 3007,
      RAW_EVENTS_RETENTION_DAYS: 90,
      PARTITIONS_AHEAD_DAYS: 7,
      HOURLY_ROLLUP_RETENTION_DAYS: 200,
      INGEST_BATCH_MS: 50,
      INGEST_BATCH_MAX_VIEWS: 500,
      AUTO_SEO_ENABLED: true,
    });
  });

  it('reads its own settings', () => {
    const sut = loadAnalyticsConfig({
      NODE_ENV: 'test',
      RAW_EVENTS_RETENTION_DAYS: '30',
      INGEST_BATCH_MS: '20',
      INGEST_CONCURRENCY: '8',
      AUTO_SEO_ENABLED: 'false',
    });
    expect(sut).toMatchObject({
      RAW_EVENTS_RETENTION_DAYS: 30,
      INGEST_BATCH_MS: 20,
      INGEST_CONCURRENCY: 8,
      AUTO_SEO_ENABLED: false,
    });
  });

  it.each([
    ['RAW_EVENTS_RETENTION_DAYS', '0'],
    ['PARTITIONS_AHEAD_DAYS', 'soon'],
    ['INGEST_BATCH_MAX_VIEWS', '-1'],
    ['INGEST_BATCH_MS', '1.5'],
    ['AUTO_SEO_ENABLED', 'maybe'],
  ])('refuses %s=%p', (name, value) => {
    expect(() => loadAnalyticsConfig({ NODE_ENV: 'test', [name]: value })).toThrow(name);
  });

  it('keeps hourly rollups for at least the longest range and the period before it', () => {
    expect(() =>
      loadAnalyticsConfig({ NODE_ENV: 'test', HOURLY_ROLLUP_RETENTION_DAYS: '180' }),
    ).toThrow('HOURLY_ROLLUP_RETENTION_DAYS: must be at least 181');
    expect(
      loadAnalyticsConfig({ NODE_ENV: 'test', HOURLY_ROLLUP_RETENTION_DAYS: '181' })
        .HOURLY_ROLLUP_RETENTION_DAYS,
    ).toBe(181);
  });

  it('needs its secrets outside development and test', () => {
    expect(() => loadAnalyticsConfig({})).toThrow(/INTERNAL_AUTH_SECRET|DATABASE_URL/);
  });
});

describe('sitemap settings', () => {
  it('name the site where npm start serves it, in development and test only', () => {
    expect(loadAnalyticsConfig({ NODE_ENV: 'development' })).toMatchObject({
      PUBLIC_ORIGIN: 'http://localhost:8080',
      SITEMAP_PAGE_SIZE: 50_000,
      SITEMAP_POST_DAYS: 30,
    });
    expect(() =>
      loadAnalyticsConfig({
        NODE_ENV: 'production',
        INTERNAL_AUTH_SECRET: 'a-real-secret-0123456789abcdefghijklmnop',
        DATABASE_URL: 'postgres://wave:Sx7-Qp2-Lm9@db:5432/wave',
      }),
    ).toThrow(/PUBLIC_ORIGIN: must be set/);
  });

  it('take an origin, without its trailing slash', () => {
    expect(
      loadAnalyticsConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://Wave.Example/' })
        .PUBLIC_ORIGIN,
    ).toBe('https://wave.example');
    expect(loadAnalyticsConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: '' }).PUBLIC_ORIGIN).toBe(
      'http://localhost:8080',
    );
  });

  it.each([
    ['PUBLIC_ORIGIN', 'wave.example'],
    ['PUBLIC_ORIGIN', 'ftp://wave.example'],
    ['PUBLIC_ORIGIN', 'https://wave.example/app'],
    ['PUBLIC_ORIGIN', 'https://user@wave.example'],
    ['PUBLIC_ORIGIN', 'https://wave.example/?q=1'],
    ['SITEMAP_PAGE_SIZE', '50001'],
    ['SITEMAP_PAGE_SIZE', '0'],
    ['SITEMAP_POST_DAYS', '0'],
  ])('refuse %s=%p', (name, value) => {
    expect(() => loadAnalyticsConfig({ NODE_ENV: 'test', [name]: value })).toThrow(name);
  });
});
