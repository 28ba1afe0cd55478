/** The image formats media accepts, recognised by their first bytes, never by name or header. */
export const IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp', 'avif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** How many leading bytes `sniffImageType` looks at (enough for an AVIF `ftyp` box's brands). */
export const SNIFF_BYTES = 64;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const GIF_SIGNATURES = [Buffer.from('GIF87a', 'latin1'), Buffer.from('GIF89a', 'latin1')];
const AVIF_BRANDS = new Set(['avif', 'avis']);

const startsWith = (head: Buffer, signature: Buffer, offset = 0): boolean =>
  head.length >= offset + signature.length &&
  head.subarray(offset, offset + signature.length).equals(signature);

const ascii = (head: Buffer, start: number, end: number): string =>
  head.subarray(start, end).toString('latin1');

/** `RIFF`, four bytes of size, `WEBP`. */
const isWebp = (head: Buffer): boolean =>
  head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';

/**
 * An ISO-BMFF file starts with an `ftyp` box: size (4 bytes), `ftyp`, the major brand,
 * a minor version (4 bytes), then compatible brands up to the end of the box. It is AVIF
 * when one of those brands is `avif` (still) or `avis` (sequence).
 */
function isAvif(head: Buffer): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = head.readUInt32BE(0);
  // 0 means "to the end of the file"; 1 (a 64-bit size) never happens for an ftyp box.
  if (boxSize !== 0 && boxSize < 16) return false;
  const boxEnd = boxSize === 0 ? head.length : Math.min(boxSize, head.length);
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4)
    brands.push(ascii(head, offset, offset + 4));
  return brands.some((brand) => AVIF_BRANDS.has(brand));
}

/**
 * The image type the leading bytes (at least `SNIFF_BYTES` of them when the file is that long)
 * announce, or null. Only the signature is checked: whether the rest decodes is for the decoder.
 */
export function sniffImageType(head: Buffer): ImageType | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, JPEG_SIGNATURE)) return 'jpeg';
  if (GIF_SIGNATURES.some((signature) => startsWith(head, signature))) return 'gif';
  if (isWebp(head)) return 'webp';
  if (isAvif(head)) return 'avif';
  return null;
}
