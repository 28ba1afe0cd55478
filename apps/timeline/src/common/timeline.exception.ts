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
};

export function statusOf(code: TimelineErrorCode): HttpStatus {
  switch (code) {
    case 'TWEET_NOT_FOUND':
    case 'USER_NOT_FOUND':
    case 'NOTHING_PINNED':
      return HttpStatus.NOT_FOUND;
    case 'NOT_YOUR_TWEET':
      return HttpStatus.FORBIDDEN;
    case 'INVALID_TWEET_ID':
    case 'INVALID_CURSOR':
    case 'INVALID_USER_REFERENCE':
      return HttpStatus.BAD_REQUEST;
  }
}

export class TimelineException extends HttpException {
  constructor(readonly code: TimelineErrorCode) {
    super({ message: MESSAGES[code] }, statusOf(code));
    this.name = 'TimelineException';
  }
}
