import type { IncomingMessage, ServerResponse } from 'node:http';
import { SecurityHeaders, staticHelmetHeaders } from './security-headers';

describe('security headers', () => {
  it("are helmet's, worked out once: a JSON API that nothing may frame or load", () => {
    const headers = new Map(
      staticHelmetHeaders().map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.has('x-powered-by')).toBe(false);
  });

  it('are set on every response, and x-powered-by is removed', () => {
    const set = new Map<string, string>();
    const removed: string[] = [];
    const res = {
      setHeader: (name: string, value: string) => set.set(name.toLowerCase(), value),
      removeHeader: (name: string) => removed.push(name.toLowerCase()),
    } as unknown as ServerResponse;
    expect(new SecurityHeaders().run({} as IncomingMessage, res)).toBe(true);
    expect(set.size).toBe(staticHelmetHeaders().length);
    expect(removed).toEqual(['x-powered-by']);
  });
});
