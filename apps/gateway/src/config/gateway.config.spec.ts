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
  it('works with no variables at all on one machine', () => {
    const sut = loadGatewayConfig({});
    expect(sut.PORT).toBe(3000);
    expect(sut.IDENTITY_URL).toBe('http://127.0.0.1:3001');
    expect(sut.JSON_BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(sut.LOGIN_RATE_LIMIT_PER_ACCOUNT).toBe(10);
  });

  it('refuses a service URL that is not http', () => {
    expect(() => loadGatewayConfig({ IDENTITY_URL: 'ftp://x' })).toThrow(/IDENTITY_URL/);
  });
});
