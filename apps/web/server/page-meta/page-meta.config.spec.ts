// @vitest-environment node
import { loadPageMetaConfig, loadPageMetaServerConfig } from './page-meta.config';

describe(loadPageMetaConfig.name, () => {
  it('has a default for one machine for every setting', () => {
    expect(loadPageMetaConfig({})).toEqual({
      gatewayUrl: 'http://127.0.0.1:3000',
      publicOrigin: 'http://localhost:8080',
      timeoutMs: 2000,
    });
    expect(loadPageMetaServerConfig({ PUBLIC_ORIGIN: '' })).toMatchObject({
      host: '127.0.0.1',
      port: 8081,
      indexHtml: 'dist/apps/web/index.html',
      publicOrigin: 'http://localhost:8080',
    });
  });

  it('takes an origin and a gateway URL, without their trailing slash', () => {
    expect(
      loadPageMetaConfig({
        PUBLIC_ORIGIN: 'https://Wave.Example/',
        GATEWAY_URL: 'http://gateway:3000/',
        PAGE_META_TIMEOUT_MS: '1500',
      }),
    ).toEqual({
      publicOrigin: 'https://wave.example',
      gatewayUrl: 'http://gateway:3000',
      timeoutMs: 1500,
    });
  });

  it.each([
    ['PUBLIC_ORIGIN', 'wave.example', /PUBLIC_ORIGIN must be an http\(s\) origin/],
    ['PUBLIC_ORIGIN', 'ftp://wave.example', /PUBLIC_ORIGIN must be an http\(s\) origin/],
    ['PUBLIC_ORIGIN', 'https://wave.example/app', /PUBLIC_ORIGIN must be an origin only/],
    ['PUBLIC_ORIGIN', 'https://user@wave.example', /PUBLIC_ORIGIN must be an origin only/],
    ['GATEWAY_URL', 'gateway:3000', /GATEWAY_URL must be an http\(s\) URL/],
    ['PAGE_META_TIMEOUT_MS', 'soon', /PAGE_META_TIMEOUT_MS must be a number/],
    ['PAGE_META_TIMEOUT_MS', '5', /PAGE_META_TIMEOUT_MS must be at least 100/],
  ])('refuses %s=%s, saying why', (name, value, message) => {
    expect(() => loadPageMetaConfig({ [name]: value })).toThrow(message);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadPageMetaServerConfig({ PORT: '70000' })).toThrow(/PORT must be at most 65535/);
  });
});
