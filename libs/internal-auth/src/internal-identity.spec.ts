import { createHmac } from 'node:crypto';
import { deriveKey } from './derived-keys';
import { signInternalIdentity, verifyInternalIdentity } from './internal-identity';

describe('internal identity', () => {
  const secret = 's'.repeat(40);
  const userId = '0190b1de-1111-7000-8000-000000000001';
  const nowMs = 1_750_000_000_000;
  const base = { secret, method: 'GET', url: '/api/user?x=1', nowMs };

  it('round-trips a signed user', () => {
    const header = signInternalIdentity({ ...base, userId });
    expect(verifyInternalIdentity({ ...base, header })).toEqual({ ok: true, userId });
  });

  it('round-trips an anonymous caller', () => {
    const header = signInternalIdentity({ ...base, userId: null });
    expect(verifyInternalIdentity({ ...base, header })).toEqual({ ok: true, userId: null });
  });

  it('refuses a missing header', () => {
    expect(verifyInternalIdentity({ ...base, header: undefined })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it.each(['', 'garbage', 'v1.a.b', 'v2.x.1.sig', `v1.${userId}.soon.sig`, `v1.${userId}.1.`])(
    'refuses the malformed header %p',
    (header) => {
      expect(verifyInternalIdentity({ ...base, header: header || 'x' }).ok).toBe(false);
    },
  );

  it('refuses a header signed with another secret', () => {
    const header = signInternalIdentity({ ...base, userId, secret: 'o'.repeat(40) });
    expect(verifyInternalIdentity({ ...base, header })).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a user id swapped into a valid header', () => {
    const header = signInternalIdentity({ ...base, userId });
    const forged = header.replace(userId, '0190b1de-1111-7000-8000-000000000002');
    expect(verifyInternalIdentity({ ...base, header: forged })).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a header replayed against another route or method', () => {
    const header = signInternalIdentity({ ...base, userId });
    expect(verifyInternalIdentity({ ...base, header, url: '/api/users/profile' }).ok).toBe(false);
    expect(verifyInternalIdentity({ ...base, header, method: 'DELETE' }).ok).toBe(false);
  });

  it('refuses an expired header and one that claims too long a life', () => {
    const header = signInternalIdentity({ ...base, userId, ttlMs: 1_000 });
    expect(verifyInternalIdentity({ ...base, header, nowMs: nowMs + 1_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const longLived = signInternalIdentity({ ...base, userId, ttlMs: 3_600_000 });
    expect(verifyInternalIdentity({ ...base, header: longLived })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a header signed with the raw secret or with the key of another use', () => {
    const expiresAt = nowMs + 10_000;
    const parts = ['v1', 'GET', base.url, userId, String(expiresAt)].join('\n');
    for (const key of [Buffer.from(secret), deriveKey(secret, 'upload-url')]) {
      const mac = createHmac('sha256', key).update(parts).digest('base64url');
      expect(
        verifyInternalIdentity({ ...base, header: `v1.${userId}.${expiresAt}.${mac}` }),
      ).toEqual({ ok: false, reason: 'bad-signature' });
    }
    const genuine = signInternalIdentity({ ...base, userId, ttlMs: 10_000 });
    expect(verifyInternalIdentity({ ...base, header: genuine }).ok).toBe(true);
  });
});
