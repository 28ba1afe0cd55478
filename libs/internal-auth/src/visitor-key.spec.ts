import { createHmac } from 'node:crypto';
import { deriveKey } from './derived-keys';
import { VISITOR_KEY_PATTERN, visitorKeyOf } from './visitor-key';

describe(visitorKeyOf.name, () => {
  const secret = 's'.repeat(40);
  const noon = new Date('2026-11-25T12:00:00Z');
  const ada = { addressKey: '203.0.113.7', userAgent: 'Mozilla/5.0 Firefox' };

  it('is the same for one address and browser all day, and opaque', () => {
    const key = visitorKeyOf(secret, ada, noon);
    expect(key).toMatch(VISITOR_KEY_PATTERN);
    expect(visitorKeyOf(secret, ada, new Date('2026-11-25T23:59:59Z'))).toBe(key);
    expect(key).not.toContain('203');
  });

  it('differs by address, by browser, by day and by secret', () => {
    const key = visitorKeyOf(secret, ada, noon);
    expect(visitorKeyOf(secret, { ...ada, addressKey: '203.0.113.8' }, noon)).not.toBe(key);
    expect(visitorKeyOf(secret, { ...ada, userAgent: 'Mozilla/5.0 Chrome' }, noon)).not.toBe(key);
    expect(visitorKeyOf(secret, ada, new Date('2026-11-26T00:00:00Z'))).not.toBe(key);
    expect(visitorKeyOf('o'.repeat(40), ada, noon)).not.toBe(key);
  });

  it('is signed with the key derived for visitor keys, not the secret itself', () => {
    const input = `2026-11-25\n${ada.addressKey}\n${ada.userAgent}`;
    const expected = createHmac('sha256', deriveKey(secret, 'visitor-key'))
      .update(input)
      .digest('hex')
      .slice(0, 32);
    expect(visitorKeyOf(secret, ada, noon)).toBe(expected);
    expect(createHmac('sha256', secret).update(input).digest('hex').slice(0, 32)).not.toBe(
      expected,
    );
  });
});
