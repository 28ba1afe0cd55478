import { createHmac } from 'node:crypto';
import { deriveKey } from './derived-keys';

/**
 * The opaque visitor key the gateway adds to every call it routes to analytics;
 * a client's own header of that name is always replaced (or removed, for the
 * other services).
 */
export const VISITOR_KEY_HEADER = 'x-wave-visitor';

/** What a visitor key looks like (32 hex characters: 128 bits of an HMAC-SHA256). */
export const VISITOR_KEY_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Tells one visitor from another without saying who they are: an HMAC of the
 * client's address key (IPv6 grouped by /64), its user agent and the UTC day,
 * under the key derived for this use alone. The day makes it change at midnight
 * (as Plausible's daily salt does), so the keys analytics stores cannot follow a
 * visitor from one day to the next; a view counts once per viewer and day, so
 * nothing needs them to.
 */
export function visitorKeyOf(
  secret: string,
  visitor: { addressKey: string; userAgent: string },
  now: Date,
): string {
  const day = now.toISOString().slice(0, 10);
  return createHmac('sha256', deriveKey(secret, 'visitor-key'))
    .update(`${day}\n${visitor.addressKey}\n${visitor.userAgent}`)
    .digest('hex')
    .slice(0, 32);
}
