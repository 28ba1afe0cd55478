import { checkImageFile, readFileAsDataUrl } from './image-file';

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
});
