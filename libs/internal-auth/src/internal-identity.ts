import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './derived-keys';

/**
 * The gateway tells a service who is calling with this header. Services trust
 * nothing else: no header, a bad signature or an expired one is refused.
 *
 * Format: `v1.<userId or empty>.<expiresAtMs>.<signature>`, where the signature is
 * an HMAC-SHA256 (base64url) over the version, method, path with query, user id
 * and expiry. Binding the method and path means a captured header cannot be
 * replayed against another route, and the short expiry bounds replay in time.
 * The HMAC key is derived from the shared secret for this use alone
 * (`deriveKey(secret, 'internal-identity')`), so no other signature made from
 * the secret (upload URLs, image-proxy URLs) can stand in for one of these.
 */
export const INTERNAL_IDENTITY_HEADER = 'x-internal-identity';
export const INTERNAL_IDENTITY_TTL_MS = 30_000;

const VERSION = 'v1';

export interface SignIdentityInput {
  secret: string;
  userId: string | null;
  method: string;
  url: string;
  nowMs?: number;
  ttlMs?: number;
}

export interface VerifyIdentityInput {
  secret: string;
  header: string | undefined;
  method: string;
  url: string;
  nowMs?: number;
  /** Headers that claim to live longer than this are refused too. */
  maxTtlMs?: number;
}

export type VerifyIdentityResult =
  | { ok: true; userId: string | null }
  | { ok: false; reason: 'missing' | 'malformed' | 'bad-signature' | 'expired' };

const signature = (secret: string, parts: string[]): string =>
  createHmac('sha256', deriveKey(secret, 'internal-identity'))
    .update(parts.join('\n'))
    .digest('base64url');

export function signInternalIdentity(input: SignIdentityInput): string {
  const expiresAt = (input.nowMs ?? Date.now()) + (input.ttlMs ?? INTERNAL_IDENTITY_TTL_MS);
  const userId = input.userId ?? '';
  const mac = signature(input.secret, [
    VERSION,
    input.method.toUpperCase(),
    input.url,
    userId,
    String(expiresAt),
  ]);
  return `${VERSION}.${userId}.${expiresAt}.${mac}`;
}

export function verifyInternalIdentity(input: VerifyIdentityInput): VerifyIdentityResult {
  if (!input.header) return { ok: false, reason: 'missing' };
  const parts = input.header.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'malformed' };
  const [version, userId, expiresAtText, mac] = parts as [string, string, string, string];
  if (version !== VERSION || !/^\d{1,15}$/.test(expiresAtText) || mac.length === 0) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = Buffer.from(
    signature(input.secret, [
      VERSION,
      input.method.toUpperCase(),
      input.url,
      userId,
      expiresAtText,
    ]),
  );
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  const now = input.nowMs ?? Date.now();
  const expiresAt = Number(expiresAtText);
  const maxTtl = input.maxTtlMs ?? INTERNAL_IDENTITY_TTL_MS * 2;
  if (expiresAt <= now || expiresAt - now > maxTtl) return { ok: false, reason: 'expired' };
  return { ok: true, userId: userId.length > 0 ? userId : null };
}

/** Headers for a call from one service to another on behalf of a user (or of nobody). */
export function internalIdentityHeaders(input: SignIdentityInput): Record<string, string> {
  return { [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(input) };
}
