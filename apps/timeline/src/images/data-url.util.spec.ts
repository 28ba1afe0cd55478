import { decodeImageDataUrl } from './data-url.util';

describe(decodeImageDataUrl.name, () => {
  it('decodes a base64 image data URL', () => {
    const result = decodeImageDataUrl(
      `data:image/png;base64,${Buffer.from('png bytes').toString('base64')}`,
    );
    expect(result).toEqual({ contentType: 'image/png', data: Buffer.from('png bytes') });
  });

  it.each([
    'not a data url',
    'data:text/html;base64,PGgxPg==',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:image/png,rawbytes',
    'data:image/png;base64,',
    'data:image/png;base64,@@@@',
    'data:image/png;base64,abc',
  ])('refuses %p', (value) => {
    expect(decodeImageDataUrl(value)).toBe('invalid');
  });

  it('refuses more than 25 MB', () => {
    const big = 'A'.repeat(Math.ceil(((25 * 1024 * 1024 + 3) * 4) / 3 / 4) * 4);
    expect(decodeImageDataUrl(`data:image/jpeg;base64,${big}`)).toBe('too-large');
  });
});
