import { createHmac } from 'node:crypto';
import { deriveKey, KEY_PURPOSES } from './derived-keys';

describe(deriveKey.name, () => {
  const secret = 's'.repeat(40);

  it('gives each purpose its own 32-byte key, never the secret itself', () => {
    const keys = KEY_PURPOSES.map((purpose) => deriveKey(secret, purpose).toString('hex'));
    expect(new Set(keys).size).toBe(KEY_PURPOSES.length);
    for (const key of keys) {
      expect(key).toHaveLength(64);
      expect(key).not.toContain(Buffer.from(secret).toString('hex'));
    }
  });

  it('is stable for one secret and differs between secrets', () => {
    expect(deriveKey(secret, 'upload-url')).toEqual(deriveKey(secret, 'upload-url'));
    expect(deriveKey('o'.repeat(40), 'upload-url')).not.toEqual(deriveKey(secret, 'upload-url'));
  });

  it.each(KEY_PURPOSES)(
    'matches RFC 5869 HKDF-SHA256 for %s (checked by recomputing extract and expand)',
    (purpose) => {
      const prk = createHmac('sha256', 'wave/hkdf/v1').update(secret).digest();
      const okm = createHmac('sha256', prk)
        .update(Buffer.concat([Buffer.from(`wave:${purpose}`), Buffer.from([1])]))
        .digest();
      expect(deriveKey(secret, purpose)).toEqual(okm);
    },
  );

  it('has a key for naming rate-limit counters, apart from every signing key', () => {
    const key = deriveKey(secret, 'rate-limit-keys');
    const others = KEY_PURPOSES.filter((purpose) => purpose !== 'rate-limit-keys');
    expect(others.map((purpose) => deriveKey(secret, purpose))).not.toContainEqual(key);
  });
});
