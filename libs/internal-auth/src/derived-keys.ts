import { hkdfSync } from 'node:crypto';

/**
 * What a key derived from INTERNAL_AUTH_SECRET is for. Each use signs with its
 * own key, so a signature made for one (an upload URL, say) is worthless as
 * another (an identity header): knowing one key tells nothing of the others.
 * `rate-limit-keys` signs nothing anyone sees: the gateway names its sign-in
 * failure counters with it, so Redis cannot tell whose they are. `visitor-key`
 * names visitors for analytics (visitor-key.ts): an opaque key per address,
 * browser and day.
 */
export const KEY_PURPOSES = [
  'internal-identity',
  'upload-url',
  'image-proxy',
  'rate-limit-keys',
  'visitor-key',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

const KEY_BYTES = 32;
/** Fixed and public (RFC 5869 allows it): the secret is already uniformly random. */
const SALT = 'wave/hkdf/v1';

const cache = new Map<string, Buffer>();

/** The key for one purpose: HKDF-SHA256 over the shared secret, with the purpose as its info. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  const cacheKey = `${purpose}\n${secret}`;
  let key = cache.get(cacheKey);
  if (key === undefined) {
    key = Buffer.from(hkdfSync('sha256', secret, SALT, `wave:${purpose}`, KEY_BYTES));
    cache.set(cacheKey, key);
  }
  return key;
}
