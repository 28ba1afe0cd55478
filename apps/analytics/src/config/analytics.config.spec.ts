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
    });
  });

  it('reads its own settings', () => {
    const sut = loadAnalyticsConfig({
      NODE_ENV: 'test',
      RAW_EVENTS_RETENTION_DAYS: '30',
      INGEST_BATCH_MS: '20',
      INGEST_CONCURRENCY: '8',
    });
    expect(sut).toMatchObject({
      RAW_EVENTS_RETENTION_DAYS: 30,
      INGEST_BATCH_MS: 20,
      INGEST_CONCURRENCY: 8,
    });
  });

  it.each([
    ['RAW_EVENTS_RETENTION_DAYS', '0'],
    ['PARTITIONS_AHEAD_DAYS', 'soon'],
    ['INGEST_BATCH_MAX_VIEWS', '-1'],
    ['INGEST_BATCH_MS', '1.5'],
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
