import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@wave/internal-auth';

export const IMAGE_PROXY_PATH = '/api/image-proxy';

/**
 * The image proxy loads only URLs the server itself produced: the picture of a
 * link preview it read. Each comes with `sig`, an HMAC-SHA256 (base64url) of
 * the URL under the key derived from the shared secret for this use alone
 * (`deriveKey(secret, 'image-proxy')`), so no identity header or upload URL
 * signature can stand in for one. Nothing else is signed (no expiry): the link
 * names an image the server already found on a page, stays the same for a
 * stored post, and so stays cacheable.
 */
export class ImageProxySigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'image-proxy');
  }

  sign(url: string): string {
    return createHmac('sha256', this.key).update(url).digest('base64url');
  }

  /** Whether `sig` is this server's signature of exactly this URL. */
  verify(url: string, sig: string | undefined): boolean {
    if (!sig) return false;
    const expected = Buffer.from(this.sign(url));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** `/api/image-proxy?url=…&sig=…` for a preview's picture; null when it has none. */
  proxyUrlOf(imageUrl: string | null): string | null {
    if (imageUrl === null) return null;
    return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(imageUrl)}&sig=${this.sign(imageUrl)}`;
  }
}
