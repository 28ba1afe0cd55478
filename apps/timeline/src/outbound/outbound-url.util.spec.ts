import { outboundTargetOf, parseAllowlist, parseOutboundUrl } from './outbound-url.util';
import { OutboundException } from './outbound.exception';

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof OutboundException ? error.code : 'NOT_AN_OUTBOUND_EXCEPTION';
  }
};

describe(parseOutboundUrl.name, () => {
  it.each([
    ['ftp:', 'ftp://example.com/file'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['gopher:', 'gopher://example.com:70/'],
    ['credentials', 'http://user:secret@example.com/'],
    ['a user name alone', 'https://user@example.com/'],
    ['a missing host', 'http://'],
    ['a relative reference', '/just/a/path'],
    ['not a URL', 'not a url'],
    ['an over-long URL', `https://example.com/${'a'.repeat(2100)}`],
  ])('refuses %s', (_label, raw) => {
    expect(codeOf(() => parseOutboundUrl(raw))).toBe('INVALID_URL');
  });

  it('normalises the URL and drops the fragment', () => {
    const sut = parseOutboundUrl('  HTTPS://Example.COM:443/a/../b?q=1#frag ');
    expect(sut.href).toBe('https://example.com/b?q=1');
  });

  it('resolves a relative redirect target against the current URL', () => {
    const base = new URL('https://example.com/a/b');
    expect(parseOutboundUrl('../c?d=1', base).href).toBe('https://example.com/c?d=1');
    expect(parseOutboundUrl('//other.example/x', base).href).toBe('https://other.example/x');
    expect(codeOf(() => parseOutboundUrl('file:///etc/passwd', base))).toBe('INVALID_URL');
  });
});

describe(outboundTargetOf.name, () => {
  it('names the host and port as the allowlist spells them', () => {
    expect(outboundTargetOf(new URL('http://example.com/'))).toEqual({
      hostname: 'example.com',
      port: 80,
      key: 'example.com:80',
      ip: null,
    });
    expect(outboundTargetOf(new URL('https://[2606:4700::1111]/'))).toEqual({
      hostname: '2606:4700::1111',
      port: 443,
      key: '[2606:4700::1111]:443',
      ip: '2606:4700::1111',
    });
    expect(outboundTargetOf(new URL('http://127.0.0.1:43210/x')).key).toBe('127.0.0.1:43210');
  });
});

describe(parseAllowlist.name, () => {
  it('normalises host:port entries', () => {
    expect([...parseAllowlist(['127.0.0.1:43210', ' LocalHost:8080 ', '[::1]:9000'])]).toEqual([
      '127.0.0.1:43210',
      'localhost:8080',
      '[::1]:9000',
    ]);
  });

  it.each(['127.0.0.1', 'http://127.0.0.1:80', '127.0.0.1:0', '127.0.0.1:70000', '*:80', ''])(
    'refuses the malformed entry %p',
    (entry) => {
      expect(() => parseAllowlist([entry])).toThrow(/host:port/);
    },
  );
});
