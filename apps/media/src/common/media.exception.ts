import { HttpException, HttpStatus } from '@nestjs/common';

/** Every failure of an upload or a download, with its status decided in one exhaustive place. */
export const MEDIA_ERROR_CODES = [
  'UPLOAD_URL_INVALID',
  'UPLOAD_URL_EXPIRED',
  'UPLOAD_URL_USED',
  'UPLOAD_NOT_YOURS',
  'UPLOAD_NOT_FOUND',
  'TOO_LARGE',
  'NOT_AN_IMAGE',
  'EMPTY_UPLOAD',
  'OBJECT_NOT_FOUND',
  'STORAGE_UNAVAILABLE',
] as const;
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];

const MESSAGES: Record<MediaErrorCode, string> = {
  UPLOAD_URL_INVALID: 'This upload URL is not valid',
  UPLOAD_URL_EXPIRED: 'This upload URL has expired; ask for a new one',
  UPLOAD_URL_USED: 'This upload URL was already used; ask for a new one',
  UPLOAD_NOT_YOURS: 'This upload URL belongs to someone else',
  UPLOAD_NOT_FOUND: 'Upload not found',
  TOO_LARGE: 'Images can be at most 25 MB',
  NOT_AN_IMAGE: 'Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded',
  EMPTY_UPLOAD: 'The upload is empty',
  OBJECT_NOT_FOUND: 'Not found',
  STORAGE_UNAVAILABLE: 'Storage is unavailable; try again shortly',
};

export function statusOf(code: MediaErrorCode): HttpStatus {
  switch (code) {
    case 'UPLOAD_URL_INVALID':
    case 'UPLOAD_NOT_YOURS':
      return HttpStatus.FORBIDDEN;
    case 'UPLOAD_URL_EXPIRED':
      return HttpStatus.GONE;
    case 'UPLOAD_URL_USED':
      return HttpStatus.CONFLICT;
    case 'UPLOAD_NOT_FOUND':
    case 'OBJECT_NOT_FOUND':
      return HttpStatus.NOT_FOUND;
    case 'TOO_LARGE':
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case 'NOT_AN_IMAGE':
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case 'EMPTY_UPLOAD':
      return HttpStatus.BAD_REQUEST;
    case 'STORAGE_UNAVAILABLE':
      return HttpStatus.SERVICE_UNAVAILABLE;
  }
}

export class MediaException extends HttpException {
  constructor(
    readonly code: MediaErrorCode,
    message?: string,
  ) {
    super({ message: message ?? MESSAGES[code] }, statusOf(code));
    this.name = 'MediaException';
  }
}
