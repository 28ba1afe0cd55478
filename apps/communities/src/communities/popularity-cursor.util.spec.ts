import {
  containsPattern,
  decodePopularityCursor,
  encodePopularityCursor,
} from './popularity-cursor.util';

describe('popularity cursor', () => {
  const id = '0190f5a0-0000-7000-8000-000000000001';

  it('round-trips a position', () => {
    const cursor = encodePopularityCursor({ memberCount: 1234, id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePopularityCursor(cursor)).toEqual({ memberCount: 1234, id });
  });

  it.each([
    ['not base64', '!!!'],
    ['no separator', Buffer.from('12').toString('base64url')],
    ['a bad id', Buffer.from('12.nope').toString('base64url')],
    ['a negative count', Buffer.from(`-1.${id}`).toString('base64url')],
    ['a count past int4', Buffer.from(`9999999999.${id}`).toString('base64url')],
    ['an empty value', ''],
  ])('refuses %s', (_label, value) => {
    expect(decodePopularityCursor(value)).toBeNull();
  });
});

describe(containsPattern.name, () => {
  it('lower-cases the text and wraps it in wildcards', () => {
    expect(containsPattern('Rust')).toBe('%rust%');
  });

  it('takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
