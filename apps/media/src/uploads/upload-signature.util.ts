import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@wave/internal-auth';

/**
 * The capability in an upload URL: an HMAC over the upload id and its expiry.
 * The URL also needs its owner signed in, and works once (the database says).
 * The key is derived from the shared secret for upload URLs only, so the
 * signature cannot be replayed as any other (an identity header, say).
 */
export function signUpload(secret: string, id: string, expiresAtMs: number): string {
  return createHmac('sha256', deriveKey(secret, 'upload-url'))
    .update(`upload\n${id}\n${expiresAtMs}`)
    .digest('base64url');
}

export type UploadUrlCheck = 'valid' | 'invalid' | 'expired';

export function checkUploadSignature(
  secret: string,
  id: string,
  expires: string | undefined,
  signature: string | undefined,
  nowMs: number = Date.now(),
): UploadUrlCheck {
  if (!expires || !signature || !/^\d{1,15}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(signUpload(secret, id, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) <= nowMs ? 'expired' : 'valid';
}

export const objectKeyOf = (id: string): string => `uploads/${id}`;
export const displayKeyOf = (id: string): string => `uploads/${id}/display`;
export const objectPathOf = (id: string): string => `/objects/uploads/${id}`;
/** Every object an upload may have in the bucket (the original and its display copy). */
export const storedKeysOf = (ids: string[]): string[] =>
  ids.flatMap((id) => [objectKeyOf(id), displayKeyOf(id)]);

const UPLOAD_PATH =
  /^\/objects\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The upload id of an object path (`/objects/uploads/<id>`), or null. */
export function uploadIdOf(objectPath: string): string | null {
  return UPLOAD_PATH.exec(objectPath)?.[1] ?? null;
}

/**
 * The upload id of an image as another service stores it (a profile, cover or
 * icon URL): its object path, the same with a query, or an absolute URL whose
 * path is one. Null for anything else (no image of ours).
 */
export function uploadIdOfImage(imageUrl: string): string | null {
  if (!/^https?:\/\//i.test(imageUrl)) return uploadIdOf(imageUrl.split(/[?#]/, 1)[0] ?? '');
  try {
    return uploadIdOf(new URL(imageUrl).pathname);
  } catch {
    return null;
  }
}
