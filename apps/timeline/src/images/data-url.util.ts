import { INLINE_IMAGE_MAX_BYTES } from '@wave/contracts';

export interface DecodedImage {
  contentType: string;
  data: Buffer;
}

const PREFIX = /^data:(image\/(?:png|jpeg|gif|webp|avif));base64,/;

/**
 * The bytes of an image data URL, or why not: 'invalid' when it is not a base64
 * data URL of an image type we take, 'too-large' past 25 MB decoded. (Whether
 * the bytes are really that image, media checks.)
 */
export function decodeImageDataUrl(value: string): DecodedImage | 'invalid' | 'too-large' {
  const prefix = PREFIX.exec(value.slice(0, 40));
  if (!prefix?.[1]) return 'invalid';
  const base64 = value.slice(prefix[0].length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0 || base64.length === 0)
    return 'invalid';
  if ((base64.length / 4) * 3 > INLINE_IMAGE_MAX_BYTES + 2) return 'too-large';
  const data = Buffer.from(base64, 'base64');
  return data.length > INLINE_IMAGE_MAX_BYTES ? 'too-large' : { contentType: prefix[1], data };
}
