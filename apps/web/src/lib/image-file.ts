/**
 * Why an image cannot be used: too large, not an image by its type, or named and typed as one but
 * holding something else (a renamed file). null when it can.
 */
export type ImageFileProblem = 'too-large' | 'not-an-image' | 'not-image-content';

/** What to say of each problem (spec part 1, section 5, and a renamed file's own line). */
export const IMAGE_PROBLEM_TEXTS: Record<ImageFileProblem, { title: string; description: string }> =
  {
    'too-large': {
      title: 'File too large',
      description: 'Please select an image smaller than 25MB.',
    },
    'not-an-image': { title: 'Invalid file type', description: 'Please select an image file.' },
    'not-image-content': {
      title: 'Invalid file type',
      description: "This file isn't a PNG, JPEG, GIF, WebP or AVIF image, whatever its name says.",
    },
  };

/** The formats media takes, which the client recognises the same way: by their first bytes. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

/** How many leading bytes `imageFormatOf` needs (an AVIF `ftyp` box's brands fit). */
export const IMAGE_SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** An ISO-BMFF `ftyp` box naming `avif` (still) or `avis` (sequence) among its brands. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (boxSize !== 0 && boxSize < 16) return false;
  const boxEnd = boxSize === 0 ? bytes.length : Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
    brands.push(ascii(bytes, offset, offset + 4));
  }
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/**
 * The format a file's first bytes announce, or null: the same signatures media checks
 * (apps/media/src/images/image-type.util.ts, which stays the authority: it also decodes).
 */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (isAvif(bytes)) return 'avif';
  return null;
}

/**
 * Checks a chosen file all the way (size, type, then its first bytes), so a renamed file is
 * refused when it is added rather than when the post is sent.
 */
export async function inspectImageFile(
  file: Blob & Pick<File, 'size' | 'type'>,
  maxBytes: number,
): Promise<ImageFileProblem | null> {
  const problem = checkImageFile(file, maxBytes);
  if (problem) return problem;
  const head = await readBytes(file.slice(0, IMAGE_SNIFF_BYTES));
  return imageFormatOf(head) ? null : 'not-image-content';
}

/** A blob's bytes (FileReader: Blob.arrayBuffer is missing from older engines and from jsdom). */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve(new Uint8Array(reader.result))
        : reject(new Error('The file could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Checks a chosen file (spec part 1, section 5): size first, then type. */
export function checkImageFile(
  file: Pick<File, 'size' | 'type'>,
  maxBytes: number,
): ImageFileProblem | null {
  if (file.size > maxBytes) return 'too-large';
  if (!file.type.startsWith('image/')) return 'not-an-image';
  return null;
}

/** Reads a file as a data URL. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read as a data URL'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onabort = () => reject(new Error('Reading the file was aborted'));
    reader.readAsDataURL(file);
  });
}
