import { isCrossSiteRequestAllowed } from './csrf';

describe(isCrossSiteRequestAllowed.name, () => {
  const base = {
    method: 'POST',
    origin: undefined,
    secFetchSite: undefined,
    ownOrigin: 'http://localhost:3000',
    allowedOrigins: ['http://localhost:8080'],
  };

  it('lets safe methods through whatever their origin', () => {
    expect(
      isCrossSiteRequestAllowed({ ...base, method: 'GET', origin: 'https://evil.example' }),
    ).toBe(true);
  });

  it.each([
    ['the own origin', 'http://localhost:3000'],
    ['an allowed origin', 'http://localhost:8080'],
    ['an allowed origin in other case', 'HTTP://LOCALHOST:8080'],
  ])('allows %s', (_label, origin) => {
    expect(isCrossSiteRequestAllowed({ ...base, origin })).toBe(true);
  });

  it.each([
    ['a foreign origin', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['a look-alike port', 'http://localhost:8081'],
    ['a look-alike scheme', 'https://localhost:8080'],
  ])('refuses %s', (_label, origin) => {
    expect(isCrossSiteRequestAllowed({ ...base, origin })).toBe(false);
  });

  it('refuses a cross-site fetch without Origin, allows same-site and user-initiated ones', () => {
    expect(isCrossSiteRequestAllowed({ ...base, secFetchSite: 'cross-site' })).toBe(false);
    expect(isCrossSiteRequestAllowed({ ...base, secFetchSite: 'same-origin' })).toBe(true);
    expect(isCrossSiteRequestAllowed({ ...base, secFetchSite: 'none' })).toBe(true);
  });

  it('lets non-browser clients (no Origin, no Sec-Fetch-Site) through', () => {
    expect(isCrossSiteRequestAllowed(base)).toBe(true);
  });

  it('checks every state-changing method', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSiteRequestAllowed({ ...base, method, origin: 'https://evil.example' })).toBe(
        false,
      );
    }
  });
});
