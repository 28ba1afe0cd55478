import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { loadMediaConfig } from '../config/media.config';
import { ImageProcessor, ImageRejectedException } from './image-processor';
import type { ImageRejectedCode } from './image-processor';
import type { ImageType } from './image-type.util';
import { IMAGE_CONTENT_TYPES } from './image-type.util';

const DISPLAY_MAX_WIDTH = 100;
const IMAGE_MAX_PIXELS = 1_000_000;

const configWith = (overrides: Record<string, string> = {}) =>
  loadMediaConfig({
    NODE_ENV: 'test',
    IMAGE_MAX_PIXELS: String(IMAGE_MAX_PIXELS),
    DISPLAY_MAX_WIDTH: String(DISPLAY_MAX_WIDTH),
    ...overrides,
  });

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 220 } } });

const encodeAs = (image: Sharp, type: ImageType): Promise<Buffer> => {
  switch (type) {
    case 'png':
      return image.png().toBuffer();
    case 'jpeg':
      return image.jpeg().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
    case 'avif':
      return image.avif({ effort: 0 }).toBuffer();
  }
};

/** `frames` frames of `width` × `height`, each a different colour. */
const animation = (width: number, height: number, frames: number, type: 'gif' | 'webp') => {
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let frame = 0; frame < frames; frame++) {
    pixels.fill(frame * 80, frame * width * height * 3, (frame + 1) * width * height * 3);
  }
  const image = sharp(pixels, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  });
  const delay = Array.from({ length: frames }, () => 100);
  return type === 'gif'
    ? image.gif({ delay, loop: 0 }).toBuffer()
    : image.webp({ delay, loop: 0 }).toBuffer();
};

const rejectionOf = async (work: Promise<unknown>) => {
  const error: unknown = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ImageRejectedException)) throw new Error(`not rejected: ${String(error)}`);
  return { code: error.code, status: error.getStatus(), body: error.getResponse() };
};

describe(ImageProcessor.name, () => {
  let directory: string;
  let sut: ImageProcessor;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wave-image-processor-'));
    sut = new ImageProcessor(configWith());
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  let fileCount = 0;
  const fileWith = async (data: Buffer): Promise<string> => {
    const path = join(directory, `upload-${++fileCount}`);
    await writeFile(path, data);
    return path;
  };

  describe('each format', () => {
    it.each<[ImageType, string]>([
      ['png', 'png'],
      ['jpeg', 'jpeg'],
      ['gif', 'gif'],
      ['webp', 'webp'],
      ['avif', 'heif'],
    ])('re-encodes a %s as itself with its dimensions', async (type, decodedFormat) => {
      const path = await fileWith(await encodeAs(solid(30, 20), type));

      const { original } = await sut.process(path, type);

      expect(original).toMatchObject({
        contentType: IMAGE_CONTENT_TYPES[type],
        width: 30,
        height: 20,
      });
      const metadata = await sharp(original.data).metadata();
      expect(metadata).toMatchObject({ format: decodedFormat, width: 30, height: 20 });
    });

    it.each<ImageType>(['png', 'jpeg', 'gif', 'avif'])(
      'gives a %s a WebP display variant, never enlarged',
      async (type) => {
        const path = await fileWith(await encodeAs(solid(30, 20), type));

        const { display } = await sut.process(path, type);

        expect(display).toMatchObject({ contentType: 'image/webp', width: 30, height: 20 });
        expect(await sharp(display!.data).metadata()).toMatchObject({
          format: 'webp',
          width: 30,
          height: 20,
        });
      },
    );

    it('serves a WebP no wider than the display width as it is (no display variant)', async () => {
      const path = await fileWith(await encodeAs(solid(DISPLAY_MAX_WIDTH, 20), 'webp'));

      const { original, display } = await sut.process(path, 'webp');

      expect(original.width).toBe(DISPLAY_MAX_WIDTH);
      expect(display).toBeNull();
    });
  });

  describe('the display variant', () => {
    it.each<ImageType>(['jpeg', 'webp'])(
      'is at most DISPLAY_MAX_WIDTH wide for a wide %s, keeping the aspect ratio',
      async (type) => {
        const path = await fileWith(await encodeAs(solid(400, 200), type));

        const { original, display } = await sut.process(path, type);

        expect(original).toMatchObject({ width: 400, height: 200 });
        expect(display).toMatchObject({
          contentType: 'image/webp',
          width: DISPLAY_MAX_WIDTH,
          height: 50,
        });
        expect(await sharp(display!.data).metadata()).toMatchObject({
          format: 'webp',
          width: DISPLAY_MAX_WIDTH,
          height: 50,
        });
      },
    );
  });

  describe('metadata', () => {
    it('drops EXIF (GPS included) and applies the orientation', async () => {
      const jpeg = await solid(20, 10)
        .jpeg()
        .withExif({
          IFD0: { Make: 'Wave Test Camera' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 2638/100',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 3956/100',
          },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const input = await sharp(jpeg).metadata();
      expect(input).toMatchObject({ width: 20, height: 10, orientation: 6 });
      expect(input.exif?.toString('latin1')).toContain('Wave Test Camera');
      const path = await fileWith(jpeg);

      const { original, display } = await sut.process(path, 'jpeg');

      expect(original).toMatchObject({ width: 10, height: 20 });
      for (const output of [original.data, display!.data]) {
        const metadata = await sharp(output).metadata();
        expect(metadata).toMatchObject({ width: 10, height: 20 });
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(output.toString('latin1')).not.toContain('Wave Test Camera');
      }
    });

    it('drops an embedded colour profile after converting to sRGB', async () => {
      const png = await solid(12, 12).png().withIccProfile('p3').toBuffer();
      expect((await sharp(png).metadata()).icc).toBeDefined();
      const path = await fileWith(png);

      const { original } = await sut.process(path, 'png');

      expect((await sharp(original.data).metadata()).icc).toBeUndefined();
    });
  });

  describe('animations', () => {
    it('keeps an animated GIF animated, in the original and the display variant', async () => {
      const path = await fileWith(await animation(200, 40, 3, 'gif'));

      const { original, display } = await sut.process(path, 'gif');

      expect(original).toMatchObject({ contentType: 'image/gif', width: 200, height: 40 });
      expect(await sharp(original.data).metadata()).toMatchObject({
        format: 'gif',
        pages: 3,
        delay: [100, 100, 100],
      });
      expect(display).toMatchObject({ contentType: 'image/webp', width: 100, height: 20 });
      expect(await sharp(display!.data).metadata()).toMatchObject({
        format: 'webp',
        width: 100,
        pages: 3,
      });
    });

    it('keeps an animated WebP animated', async () => {
      const path = await fileWith(await animation(200, 40, 2, 'webp'));

      const { original, display } = await sut.process(path, 'webp');

      expect(await sharp(original.data).metadata()).toMatchObject({ format: 'webp', pages: 2 });
      expect(display).toMatchObject({ width: 100, height: 20 });
      expect(await sharp(display!.data).metadata()).toMatchObject({ pages: 2 });
    });
  });

  describe('refusals', () => {
    it.each<[ImageRejectedCode, HttpStatus]>([
      ['TOO_MANY_PIXELS', HttpStatus.PAYLOAD_TOO_LARGE],
      ['UNREADABLE', HttpStatus.UNPROCESSABLE_ENTITY],
    ])('maps %s to %s', (code, status) => {
      expect(new ImageRejectedException(code, { maxPixels: 1 }).getStatus()).toBe(status);
    });

    it('refuses an image over the pixel limit with 413', async () => {
      const small = new ImageProcessor(configWith({ IMAGE_MAX_PIXELS: '10000' }));
      const path = await fileWith(await encodeAs(solid(200, 200), 'png'));

      expect(await rejectionOf(small.process(path, 'png'))).toEqual({
        code: 'TOO_MANY_PIXELS',
        status: 413,
        body: { message: 'The image is too large: at most 0.01 megapixels' },
      });
    });

    it('counts every frame of an animation against the pixel limit', async () => {
      const small = new ImageProcessor(configWith({ IMAGE_MAX_PIXELS: '10000' }));
      const path = await fileWith(await animation(50, 50, 8, 'gif'));

      expect((await rejectionOf(small.process(path, 'gif'))).code).toBe('TOO_MANY_PIXELS');
    });

    it('says the limit in megapixels', async () => {
      const path = await fileWith(await encodeAs(solid(1001, 1000), 'jpeg'));

      expect((await rejectionOf(sut.process(path, 'jpeg'))).body).toEqual({
        message: 'The image is too large: at most 1 megapixels',
      });
    });

    it('refuses a PNG signature followed by garbage with 422', async () => {
      const path = await fileWith(
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(500, 0x42),
        ]),
      );

      expect(await rejectionOf(sut.process(path, 'png'))).toEqual({
        code: 'UNREADABLE',
        status: 422,
        body: { message: 'The file is not a readable image' },
      });
    });

    it('refuses a PNG whose pixel data is corrupt', async () => {
      const png = await sharp({
        create: { width: 64, height: 64, channels: 3, background: 'white' },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const idat = png.indexOf('IDAT', 0, 'latin1');
      const corrupt = Buffer.from(png);
      corrupt.fill(0xff, idat + 8, idat + 400);
      const path = await fileWith(corrupt);

      expect((await rejectionOf(sut.process(path, 'png'))).code).toBe('UNREADABLE');
    });

    it('refuses a file whose content is not the type it was sniffed as', async () => {
      const path = await fileWith(await encodeAs(solid(10, 10), 'jpeg'));

      expect((await rejectionOf(sut.process(path, 'png'))).code).toBe('UNREADABLE');
      expect((await rejectionOf(sut.process(path, 'avif'))).code).toBe('UNREADABLE');
    });

    it('refuses an SVG even when told it is a PNG', async () => {
      const path = await fileWith(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      );

      expect((await rejectionOf(sut.process(path, 'png'))).code).toBe('UNREADABLE');
    });

    it('does not blame the uploader for a spool file that is missing', async () => {
      const error: unknown = await sut
        .process(join(directory, 'missing'), 'png')
        .catch((reason: unknown) => reason);

      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ImageRejectedException);
    });
  });
});
