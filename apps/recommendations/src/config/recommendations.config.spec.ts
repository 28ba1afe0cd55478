import { loadRecommendationsConfig } from './recommendations.config';

describe(loadRecommendationsConfig.name, () => {
  it('works on one machine in development, on port 3006, caching lists for 5 minutes', () => {
    const sut = loadRecommendationsConfig({ NODE_ENV: 'development' });
    expect(sut).toMatchObject({
      PORT: 3006,
      CACHE_TTL_SECONDS: 300,
      OWNER_CHECK_TIMEOUT_MS: 300,
      TRAINING_ENABLED: true,
      IGNORED_AFTER_HOURS: 72,
    });
  });

  it('reads its own settings', () => {
    const sut = loadRecommendationsConfig({
      NODE_ENV: 'test',
      CACHE_TTL_SECONDS: '60',
      TRAINING_INTERVAL_SECONDS: '600',
      TRAINING_ENABLED: 'false',
    });
    expect(sut).toMatchObject({
      CACHE_TTL_SECONDS: 60,
      TRAINING_INTERVAL_SECONDS: 600,
      TRAINING_ENABLED: false,
    });
  });

  it.each([
    ['CACHE_TTL_SECONDS', '0'],
    ['OWNER_CHECK_TIMEOUT_MS', 'soon'],
    ['TRAINING_INTERVAL_SECONDS', '-1'],
    ['IGNORED_AFTER_HOURS', '1.5'],
    ['TRAINING_ENABLED', 'maybe'],
  ])('refuses %s=%p', (name, value) => {
    expect(() => loadRecommendationsConfig({ NODE_ENV: 'test', [name]: value })).toThrow(name);
  });

  it('has no usable internal secret outside development and test', () => {
    expect(() => loadRecommendationsConfig({ NODE_ENV: 'production' })).toThrow(
      'INTERNAL_AUTH_SECRET',
    );
  });
});
