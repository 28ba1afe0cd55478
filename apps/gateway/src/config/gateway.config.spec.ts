import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_INTERNAL_SECRET } from '@wave/config';
import { loadGatewayConfig, trustProxySetting } from './gateway.config';

describe(trustProxySetting.name, () => {
  it.each([
    ['false', false],
    ['', false],
    ['true', true],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
  ])('reads %p', (value, expected) => {
    expect(trustProxySetting(value)).toEqual(expected);
  });
});

describe(loadGatewayConfig.name, () => {
  it('works on one machine with nothing but the development mode npm start sets', () => {
    const sut = loadGatewayConfig({ NODE_ENV: 'development' });
    expect(sut.PORT).toBe(3000);
    expect(sut.IDENTITY_URL).toEqual(['http://127.0.0.1:3001']);
    expect(sut.JSON_BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(sut.LOGIN_RATE_LIMIT_PER_IP).toBe(10);
    expect(sut.LOGIN_FREE_FAILURES).toBe(5);
    expect(sut.LOGIN_DELAY_MAX_SECONDS).toBe(900);
    expect(sut.LINK_PREVIEW_RATE_LIMIT_PER_USER).toBe(30);
    expect(sut.LINK_PREVIEW_RATE_LIMIT_PER_IP).toBe(60);
    expect(sut.LINK_PREVIEW_RATE_LIMIT_WINDOW_SECONDS).toBe(60);
    expect(sut.IMAGE_PROXY_RATE_LIMIT_PER_IP).toBe(300);
    expect(sut.IMAGE_PROXY_RATE_LIMIT_WINDOW_SECONDS).toBe(60);
    expect(sut.RECOMMENDATIONS_URL).toEqual(['http://127.0.0.1:3006']);
    expect(sut.ANALYTICS_URL).toEqual(['http://127.0.0.1:3007']);
    expect(sut.PAGE_VIEW_RATE_LIMIT_PER_IP).toBe(600);
    expect(sut.PAGE_VIEW_RATE_LIMIT_WINDOW_SECONDS).toBe(60);
    expect(sut.IMPRESSION_RATE_LIMIT_PER_IP).toBe(300);
    expect(sut.IMPRESSION_RATE_LIMIT_WINDOW_SECONDS).toBe(60);
    expect(sut.INTERNAL_AUTH_SECRET).toBe(DEVELOPMENT_INTERNAL_SECRET);
  });

  it('refuses to start without INTERNAL_AUTH_SECRET when NODE_ENV is unset (production)', () => {
    expect(() => loadGatewayConfig({})).toThrow(/INTERNAL_AUTH_SECRET: must be set/);
    const secret = randomBytes(32).toString('hex');
    expect(loadGatewayConfig({ INTERNAL_AUTH_SECRET: secret })).toMatchObject({
      NODE_ENV: 'production',
      INTERNAL_AUTH_SECRET: secret,
    });
  });

  it('refuses the development secret outside development and test', () => {
    expect(() =>
      loadGatewayConfig({
        NODE_ENV: 'production',
        INTERNAL_AUTH_SECRET: DEVELOPMENT_INTERNAL_SECRET,
      }),
    ).toThrow(/INTERNAL_AUTH_SECRET: is the built-in development value/);
  });

  it.each([
    ['LINK_PREVIEW_RATE_LIMIT_PER_USER', '0'],
    ['LINK_PREVIEW_RATE_LIMIT_PER_IP', 'many'],
    ['LINK_PREVIEW_RATE_LIMIT_WINDOW_SECONDS', '1.5'],
    ['IMAGE_PROXY_RATE_LIMIT_PER_IP', '0'],
    ['IMAGE_PROXY_RATE_LIMIT_PER_IP', '-5'],
    ['IMAGE_PROXY_RATE_LIMIT_WINDOW_SECONDS', 'a minute'],
    ['PAGE_VIEW_RATE_LIMIT_PER_IP', '0'],
    ['PAGE_VIEW_RATE_LIMIT_WINDOW_SECONDS', '1.5'],
    ['IMPRESSION_RATE_LIMIT_PER_IP', 'lots'],
    ['IMPRESSION_RATE_LIMIT_WINDOW_SECONDS', '-1'],
    ['ANALYTICS_URL', 'ftp://analytics:3007'],
    ['RECOMMENDATIONS_URL', 'ftp://recommendations:3006'],
  ])('refuses %s=%p', (name, value) => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'test', [name]: value })).toThrow(new RegExp(name));
  });

  it('refuses a longest sign-in delay shorter than the first', () => {
    expect(() =>
      loadGatewayConfig({
        NODE_ENV: 'test',
        LOGIN_DELAY_BASE_SECONDS: '60',
        LOGIN_DELAY_MAX_SECONDS: '30',
      }),
    ).toThrow(/LOGIN_DELAY_MAX_SECONDS must be at least LOGIN_DELAY_BASE_SECONDS/);
  });

  it('reads where recommendations runs (RECOMMENDATIONS_URL)', () => {
    const sut = loadGatewayConfig({
      NODE_ENV: 'test',
      RECOMMENDATIONS_URL: 'http://recommendations:3006',
    });
    expect(sut.RECOMMENDATIONS_URL).toEqual(['http://recommendations:3006']);
  });

  it("reads a service's replicas, separated by commas, and refuses one named twice", () => {
    const sut = loadGatewayConfig({
      NODE_ENV: 'test',
      TIMELINE_URL: 'http://timeline-a:3002,http://timeline-b:3002',
    });
    expect(sut.TIMELINE_URL).toEqual(['http://timeline-a:3002', 'http://timeline-b:3002']);
    expect(() =>
      loadGatewayConfig({ NODE_ENV: 'test', IDENTITY_URL: 'http://a:3001,http://a:3001' }),
    ).toThrow(/IDENTITY_URL: names one origin twice/);
  });

  it('refuses a service URL that is not http', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'test', IDENTITY_URL: 'ftp://x' })).toThrow(
      /IDENTITY_URL/,
    );
  });
});
