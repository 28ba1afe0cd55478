import { createHmac } from 'node:crypto';
import { deriveKey } from '@wave/internal-auth';
import { ImageProxySigner } from './image-proxy.signer';

const SECRET = 'image-proxy-test-secret-0123456789abcdef';
const IMAGE = 'https://cdn.example.com/covers/a b.png?size=large';

/** A signature of the same text under another key. */
const macWith = (key: Buffer, text: string): string =>
  createHmac('sha256', key).update(text).digest('base64url');

describe(ImageProxySigner.name, () => {
  const sut = new ImageProxySigner(SECRET);

  it('signs a URL the same way every time and on every replica', () => {
    const sig = sut.sign(IMAGE);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sut.sign(IMAGE)).toBe(sig);
    expect(new ImageProxySigner(SECRET).sign(IMAGE)).toBe(sig);
    expect(sut.verify(IMAGE, sig)).toBe(true);
  });

  it('binds the signature to the URL', () => {
    const sig = sut.sign(IMAGE);
    expect(sut.verify('https://cdn.example.com/covers/other.png', sig)).toBe(false);
    expect(sut.verify(`${IMAGE}&x=1`, sig)).toBe(false);
    expect(sut.verify(IMAGE.toUpperCase(), sig)).toBe(false);
  });

  it('refuses a missing, empty, cut or altered signature', () => {
    const sig = sut.sign(IMAGE);
    expect(sut.verify(IMAGE, undefined)).toBe(false);
    expect(sut.verify(IMAGE, '')).toBe(false);
    expect(sut.verify(IMAGE, sig.slice(0, -1))).toBe(false);
    expect(sut.verify(IMAGE, `${sig}A`)).toBe(false);
    expect(sut.verify(IMAGE, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
  });

  it('refuses signatures made with any other key: another secret, the identity or upload key, the raw secret', () => {
    expect(sut.verify(IMAGE, new ImageProxySigner(`${SECRET}-other`).sign(IMAGE))).toBe(false);
    expect(sut.verify(IMAGE, macWith(deriveKey(SECRET, 'internal-identity'), IMAGE))).toBe(false);
    expect(sut.verify(IMAGE, macWith(deriveKey(SECRET, 'upload-url'), IMAGE))).toBe(false);
    expect(sut.verify(IMAGE, macWith(Buffer.from(SECRET), IMAGE))).toBe(false);
    // The one key that works is the one derived for the image proxy.
    expect(sut.verify(IMAGE, macWith(deriveKey(SECRET, 'image-proxy'), IMAGE))).toBe(true);
  });

  it('links a preview picture through the proxy, and none without a picture', () => {
    const link = sut.proxyUrlOf(IMAGE);
    expect(link).toBe(`/api/image-proxy?url=${encodeURIComponent(IMAGE)}&sig=${sut.sign(IMAGE)}`);
    const query = new URL(link ?? '', 'http://wave.test').searchParams;
    expect(query.get('url')).toBe(IMAGE);
    expect(sut.verify(query.get('url') ?? '', query.get('sig') ?? undefined)).toBe(true);
    expect(sut.proxyUrlOf(null)).toBeNull();
  });
});
