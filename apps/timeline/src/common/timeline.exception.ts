import { HttpException, HttpStatus } from '@nestjs/common';

/** Every failure timeline reports itself, with its HTTP status decided in one exhaustive place. */
export const TIMELINE_ERROR_CODES = [
  'TWEET_NOT_FOUND',
  'NOT_YOUR_TWEET',
  'INVALID_TWEET_ID',
  'INVALID_CURSOR',
  'USER_NOT_FOUND',
  'INVALID_USER_REFERENCE',
  'NOTHING_PINNED',
  'IMAGE_NOT_YOURS',
  'IMAGE_NOT_UPLOADED',
  'INLINE_IMAGE_INVALID',
  'INLINE_IMAGE_TOO_LARGE',
  'IMAGES_UNAVAILABLE',
  'LINK_INVALID',
  'LINK_NOT_PREVIEWABLE',
  'IMAGE_LINK_NOT_SIGNED',
  'IMAGE_NOT_LOADABLE',
] as const;
export type TimelineErrorCode = (typeof TIMELINE_ERROR_CODES)[number];

const MESSAGES: Record<TimelineErrorCode, string> = {
  TWEET_NOT_FOUND: 'Post not found',
  NOT_YOUR_TWEET: 'Only the author can do this to a post',
  INVALID_TWEET_ID: 'Post id must be a valid id',
  INVALID_CURSOR: 'Invalid cursor',
  USER_NOT_FOUND: 'User not found',
  INVALID_USER_REFERENCE: 'User must be given by a valid id or username',
  NOTHING_PINNED: 'No post is pinned',
  IMAGE_NOT_YOURS: 'One of the images was uploaded by someone else',
  IMAGE_NOT_UPLOADED: 'imageUrls must be images you uploaded (/objects/uploads/...)',
  INLINE_IMAGE_INVALID: 'imageUrl must be a data URL of a PNG, JPEG, WebP, GIF or AVIF image',
  INLINE_IMAGE_TOO_LARGE: 'The image must be at most 25 MB',
  IMAGES_UNAVAILABLE: 'Images are unavailable right now; try again shortly',
  LINK_INVALID: 'The link must be an http or https URL without a user name or password',
  // One answer for every destination refused or failed, whatever the reason (README).
  LINK_NOT_PREVIEWABLE: "This link can't be previewed",
  IMAGE_LINK_NOT_SIGNED: 'This image link is not signed by the server',
  IMAGE_NOT_LOADABLE: "This image can't be loaded",
};

export function statusOf(code: TimelineErrorCode): HttpStatus {
  switch (code) {
    case 'TWEET_NOT_FOUND':
    case 'USER_NOT_FOUND':
    case 'NOTHING_PINNED':
      return HttpStatus.NOT_FOUND;
    case 'NOT_YOUR_TWEET':
    case 'IMAGE_NOT_YOURS':
    case 'IMAGE_LINK_NOT_SIGNED':
      return HttpStatus.FORBIDDEN;
    case 'INLINE_IMAGE_TOO_LARGE':
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case 'IMAGES_UNAVAILABLE':
      return HttpStatus.SERVICE_UNAVAILABLE;
    // The link named something we will not or could not fetch: 422 rather than
    // 403/408/413/415/502, whose differences would tell why.
    case 'LINK_NOT_PREVIEWABLE':
    case 'IMAGE_NOT_LOADABLE':
      return HttpStatus.UNPROCESSABLE_ENTITY;
    case 'IMAGE_NOT_UPLOADED':
    case 'INLINE_IMAGE_INVALID':
      return HttpStatus.BAD_REQUEST;
    case 'INVALID_TWEET_ID':
    case 'INVALID_CURSOR':
    case 'INVALID_USER_REFERENCE':
    case 'LINK_INVALID':
      return HttpStatus.BAD_REQUEST;
  }
}

export class TimelineException extends HttpException {
  constructor(readonly code: TimelineErrorCode) {
    super({ message: MESSAGES[code] }, statusOf(code));
    this.name = 'TimelineException';
  }
}
