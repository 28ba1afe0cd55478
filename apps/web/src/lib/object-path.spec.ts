import {
  displayImageSrc,
  isObjectPath,
  isShowableImage,
  objectPathFromUploadUrl,
  previewImageSrc,
} from './object-path';

describe('object paths', () => {
  it('derives the object path from an upload URL (path or absolute)', () => {
    expect(
      objectPathFromUploadUrl('/objects/uploads/abc-123?expires=1&signature=x', 'http://w.test'),
    ).toBe('/objects/uploads/abc-123');
    expect(
      objectPathFromUploadUrl('https://cdn.w.test/objects/uploads/abc?expires=1', 'http://w.test'),
    ).toBe('/objects/uploads/abc');
    expect(objectPathFromUploadUrl('/api/other', 'http://w.test')).toBeNull();
  });

  it('uses the display variant of uploads only', () => {
    expect(displayImageSrc('/objects/uploads/abc')).toBe('/objects/uploads/abc/display');
    expect(displayImageSrc('/objects/uploads/abc/display')).toBe('/objects/uploads/abc/display');
    expect(displayImageSrc('https://x.test/a.png')).toBe('https://x.test/a.png');
  });

  it('shows only uploads (a remote image would break the Content-Security-Policy)', () => {
    expect(isObjectPath('/objects/uploads/abc')).toBe(true);
    expect(isObjectPath('/objects/../api')).toBe(false);
    expect(isShowableImage('/objects/uploads/abc')).toBe(true);
    expect(isShowableImage('https://x.test/a.png')).toBe(false);
    expect(isShowableImage('javascript:alert(1)')).toBe(false);
    expect(isShowableImage('data:image/png;base64,AAAA')).toBe(false);
  });

  it('shows a preview picture only through the signed proxy link the server gave', () => {
    const link = '/api/image-proxy?url=https%3A%2F%2Fx.test%2Fa.png&sig=abc_-';
    expect(previewImageSrc(link)).toBe(link);
    expect(previewImageSrc(null)).toBeNull();
    expect(previewImageSrc(undefined)).toBeNull();
    expect(previewImageSrc('https://x.test/a.png')).toBeNull();
    expect(previewImageSrc('//evil.test/api/image-proxy?url=x')).toBeNull();
  });
});
