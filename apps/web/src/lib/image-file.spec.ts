import { checkImageFile, imageFormatOf, inspectImageFile, readFileAsDataUrl } from './image-file';

describe('image files', () => {
  const MB = 1024 * 1024;

  it('refuses files over the limit, then non-images', () => {
    expect(checkImageFile({ size: 25 * MB, type: 'image/png' }, 25 * MB)).toBeNull();
    expect(checkImageFile({ size: 25 * MB + 1, type: 'image/png' }, 25 * MB)).toBe('too-large');
    expect(checkImageFile({ size: 10, type: 'application/pdf' }, 25 * MB)).toBe('not-an-image');
    expect(checkImageFile({ size: 10, type: '' }, 25 * MB)).toBe('not-an-image');
  });

  it('reads a file as a data URL', async () => {
    const file = new File(['abc'], 'a.png', { type: 'image/png' });
    await expect(readFileAsDataUrl(file)).resolves.toBe('data:image/png;base64,YWJj');
  });

  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(
      parts.flatMap((part) =>
        typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
      ),
    );

  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['avif', bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1avif')],
    [null, bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic')],
    [null, bytes('%PDF-1.7')],
    [null, bytes([0x89, 0x50, 0x4e])],
    [null, bytes()],
  ])('recognises %s by its first bytes', (format, head) => {
    expect(imageFormatOf(head)).toBe(format);
  });

  it('refuses a file named and typed as a PNG that is not one, when it is added', async () => {
    const fake = new File(['not really a picture'], 'cat.png', { type: 'image/png' });
    await expect(inspectImageFile(fake, 25 * MB)).resolves.toBe('not-image-content');
    const real = new File([bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'ok.png', {
      type: 'image/png',
    });
    await expect(inspectImageFile(real, 25 * MB)).resolves.toBeNull();
    await expect(inspectImageFile(real, 4)).resolves.toBe('too-large');
  });
});
