import sharp from 'sharp';
import type { ImageType } from './image-type.util';
import { IMAGE_CONTENT_TYPES, IMAGE_TYPES, SNIFF_BYTES, sniffImageType } from './image-type.util';

const encodeAs = (type: ImageType): Promise<Buffer> => {
  const image = sharp({
    create: { width: 16, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } },
  });
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

/** An ISO-BMFF `ftyp` box with the given brands, followed by a few bytes of something else. */
const ftyp = (major: string, compatible: string[]): Buffer => {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, index) => box.write(brand, 16 + 4 * index, 'latin1'));
  return Buffer.concat([box, Buffer.from([0, 0, 0, 8, 0x6d, 0x65, 0x74, 0x61])]);
};

describe(sniffImageType.name, () => {
  it.each(IMAGE_TYPES.map((type) => [type]))(
    'recognises a %s made by sharp from its first SNIFF_BYTES bytes',
    async (type) => {
      const encoded = await encodeAs(type);
      expect(sniffImageType(encoded.subarray(0, SNIFF_BYTES))).toBe(type);
      expect(sniffImageType(encoded)).toBe(type);
    },
  );

  it('recognises AVIF by a compatible brand as well as by the major brand', () => {
    expect(sniffImageType(ftyp('mif1', ['mif1', 'miaf', 'avif']))).toBe('avif');
    expect(sniffImageType(ftyp('avis', ['msf1', 'iso8']))).toBe('avif');
  });

  it('takes a PNG signature followed by garbage for a PNG (the decoder refuses it later)', () => {
    const garbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 0x42),
    ]);
    expect(sniffImageType(garbage)).toBe('png');
  });

  it.each([
    [
      'HTML (whatever the file was called)',
      Buffer.from('<!doctype html><html><body>hi</body></html>'),
    ],
    [
      'SVG',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
      ),
    ],
    ['SVG without a prolog', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1')],
    ['plain text', Buffer.from('just some text, nothing to see here')],
    ['an empty buffer', Buffer.alloc(0)],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['a truncated JPEG signature', Buffer.from([0xff, 0xd8])],
    ['a truncated GIF signature', Buffer.from('GIF8', 'latin1')],
    ['a RIFF file that is not WebP (WAV)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['a truncated WebP header', Buffer.from('RIFF\x24\x00\x00\x00WEB', 'latin1')],
    ['HEIC (ISO-BMFF without an AVIF brand)', ftyp('heic', ['mif1', 'heic'])],
    ['MP4', ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41'])],
    ['an ftyp box too short to hold a brand', Buffer.from('\x00\x00\x00\x08ftypavif', 'latin1')],
  ])('refuses %s', (_name, head) => {
    expect(sniffImageType(head)).toBeNull();
  });

  it('does not look at an AVIF brand that lies past the end of the ftyp box', () => {
    const box = ftyp('heic', ['mif1']);
    const afterBox = Buffer.from('avif', 'latin1');
    expect(sniffImageType(Buffer.concat([box.subarray(0, 20), afterBox]))).toBeNull();
  });
});

describe('IMAGE_CONTENT_TYPES', () => {
  it('gives an image/* content type for every type', () => {
    for (const type of IMAGE_TYPES) expect(IMAGE_CONTENT_TYPES[type]).toBe(`image/${type}`);
  });
});
