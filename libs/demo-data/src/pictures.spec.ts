import sharp from 'sharp';
import type { DemoPicture } from './generate';
import { DEMO_PICTURE_SIZES, demoPictureSvg, renderDemoPicture } from './pictures';

const avatar: DemoPicture = {
  kind: 'avatar',
  seed: 'avatar:ada',
  palette: ['#1e3a8a', '#3b82f6', '#f59e0b'],
  initials: 'AL',
};

describe(renderDemoPicture.name, () => {
  it('draws the same picture from the same spec, another from another seed', () => {
    expect(demoPictureSvg(avatar)).toBe(demoPictureSvg({ ...avatar }));
    expect(demoPictureSvg(avatar)).not.toBe(demoPictureSvg({ ...avatar, seed: 'avatar:grace' }));
    expect(demoPictureSvg({ ...avatar, initials: '<&>' })).toContain('&#60;&#38;&#62;');
  });

  it.each(['avatar', 'cover', 'art', 'icon'] as const)(
    'renders a %s as a WebP of its size',
    async (kind) => {
      const picture = await renderDemoPicture({ ...avatar, kind, seed: `${kind}:x` });
      expect(picture.contentType).toBe('image/webp');
      const metadata = await sharp(picture.data).metadata();
      expect(metadata.format).toBe('webp');
      expect({ width: metadata.width, height: metadata.height }).toEqual(DEMO_PICTURE_SIZES[kind]);
    },
  );
});
